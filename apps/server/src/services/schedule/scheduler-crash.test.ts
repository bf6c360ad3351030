// A scheduler process killed with SIGKILL between the provider's charge and
// its record (issue 17 item 4): the next process reconciles by idempotency
// key and the installment ends with exactly one charge and one record.
// PostgreSQL only: two processes cannot share a PGlite database (the
// in-process version of this walk is in scheduler.test.ts).
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { bookingPayments, sandboxCharges } from '@sas/db';
import { startOfDayIn } from '@sas/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookStay, createBookableHome, intentRequest, nextStay } from '../../test/booking.js';
import { buildTestApp, type TestApp } from '../../test/helper.js';
import { schedulerLeaseMs } from './scheduler.js';
import { tsxEnv } from '../../test/tsx.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

function runSchedulerProcess(databaseUrl: string, now: Date, kill: boolean) {
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>((done) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', resolve(import.meta.dirname, '../../test/scheduler-process.ts')],
      {
        env: {
          ...process.env,
          ...tsxEnv,
          DATABASE_URL: databaseUrl,
          SCHEDULER_NOW: now.toISOString(),
          KILL_AFTER_PROVIDER: kill ? '1' : '0',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code, signal) => done({ code, signal, output }));
  });
}

describe.runIf(onPostgres)('a scheduler process killed between a charge and its record', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({}, { seed: false });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('ends with one charge and its record after the next process runs', { timeout: 60_000 }, async () => {
    const home = await createBookableHome(t.db);
    const booking = await bookStay(t.app, t.db, intentRequest(home, nextStay(3), { paymentPlan: 'installments' }));
    const schedule = await t.db
      .select()
      .from(bookingPayments)
      .where(eq(bookingPayments.bookingId, booking.id))
      .orderBy(asc(bookingPayments.seq));
    const due = new Date(startOfDayIn('America/Denver', schedule[1]!.dueDate).getTime() + 12 * 3_600_000);
    const charges = async () =>
      (await t.db.select().from(sandboxCharges)).filter((charge) => charge.metadata.booking_id === booking.id);

    const killed = await runSchedulerProcess(t.databaseUrl!, due, true);
    expect(killed.signal, killed.output).toBe('SIGKILL');
    expect(await charges()).toHaveLength(1);
    const [, claimed] = await t.db
      .select()
      .from(bookingPayments)
      .where(eq(bookingPayments.bookingId, booking.id))
      .orderBy(asc(bookingPayments.seq));
    expect(claimed).toMatchObject({ status: 'scheduled', paymentIntentId: null });

    const next = await runSchedulerProcess(t.databaseUrl!, new Date(due.getTime() + schedulerLeaseMs + 1_000), false);
    expect(next.code, next.output).toBe(0);
    expect(JSON.parse(next.output.trim().split('\n').at(-1) ?? '{}')).toMatchObject({ charged: 1 });
    const after = await charges();
    expect(after).toHaveLength(1);
    const [, paid] = await t.db
      .select()
      .from(bookingPayments)
      .where(eq(bookingPayments.bookingId, booking.id))
      .orderBy(asc(bookingPayments.seq));
    expect(paid).toMatchObject({ status: 'paid', paymentIntentId: after[0]?.id });
  });
});
