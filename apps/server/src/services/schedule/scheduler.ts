// The payment scheduler (issue 17 item 4).
import type { BookingDeps } from '../booking/deps.js';

export interface SchedulerResult {
  charged: number;
  failed: number;
  cancelled: number;
  held: number;
  released: number;
}

export async function runPaymentScheduler(deps: BookingDeps, now: Date): Promise<SchedulerResult> {
  void deps;
  void now;
  throw new Error('not implemented yet');
}
