// What every part of the money path (booking, concierge, schedule, refunds)
// needs: the app's database, rates, payment provider and settings, and the
// row types the parts pass to each other. Below all of them, so each may
// use the others' shapes without importing them (STYLE.md: no cycles).
import type { bookings, paymentIntents, Database } from '@sas/db';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider } from './payments/provider.js';
import type { RateTables } from './rate-tables.js';

export interface BookingDeps {
  db: Database;
  /** The rate tables in memory that price the stay, as for its quote (ADR 018). */
  rates: RateTables;
  payments: PaymentProvider;
  /** How long the nights stay held while the guest pays. */
  holdMinutes: number;
  /** The site's origin, for links in e-mails. */
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Signs the trip link of the confirmation e-mail (ADR 028); no link when absent. */
  jwtSecret?: string | undefined;
  /** Where the company is told of cancellations; none when absent. */
  companyInbox?: string | undefined;
  /** Told when e-mail was queued, so the outbox is drained now rather than at its next tick. */
  onEmailQueued?: () => void;
}

export type IntentRow = typeof paymentIntents.$inferSelect;
export type BookingRow = typeof bookings.$inferSelect;
