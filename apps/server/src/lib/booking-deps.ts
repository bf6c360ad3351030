// What the booking service needs from the app, gathered in one place for
// routes, the webhook and the finalizer.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { BookingDeps } from '../services/money-deps.js';

export function bookingDeps(app: FastifyInstance, log: FastifyBaseLogger = app.log): BookingDeps {
  return {
    db: app.db,
    rates: app.rateTables,
    payments: app.payments,
    holdMinutes: app.env.HOLD_MINUTES,
    publicUrl: app.env.PUBLIC_URL,
    jwtSecret: app.env.JWT_SECRET,
    companyInbox: app.env.COMPANY_INBOX_EMAIL,
    log,
    onEmailQueued: () => app.mailer.outbox.poke(),
  };
}
