// The transactional outbox (ADR 009). A message is queued as a row inside the
// transaction that caused it (a booking, later a password reset or an owner
// inquiry), so it exists exactly when that change was committed. Workers
// claim due rows with FOR UPDATE SKIP LOCKED, so any number of server
// processes can drain one outbox without sending a message twice at once;
// a failed send is retried with growing delays, and a row left `sending` by
// a process that died is claimed again after a while. Delivery is therefore
// at least once: every copy carries the same Message-ID. The receiving
// server's answer is kept (issue 28): accepted is `delivered`, a permanent
// refusal of the recipient or message (5xx) is `bounced` with its words and
// fails the row at once (retrying a bounce only bounces again).
import { emailOutbox, type Database } from '@sas/db';
import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import { MailBouncedError, type MailTransport } from './transport.js';

export interface EmailMessage {
  /** What the message is, e.g. booking_confirmation; shown in logs and the .eml name. */
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** One message per key, ever: enqueueing the same key again does nothing. */
  dedupeKey: string;
  /** What it is about, e.g. booking:<id>, to find a booking's messages. */
  reference?: string | undefined;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post on marketing mail. */
  headers?: Record<string, string> | undefined;
}

/** Whatever can insert: the database or an open transaction. */
type Inserter = Pick<Database, 'insert'>;

/** Queues a message; `queued` is false when its dedupe key was already used. */
export async function enqueueEmail(tx: Inserter, message: EmailMessage): Promise<{ queued: boolean }> {
  const rows = await tx
    .insert(emailOutbox)
    .values({
      kind: message.kind,
      to: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
      dedupeKey: message.dedupeKey,
      reference: message.reference ?? null,
      headers: message.headers ?? null,
    })
    .onConflictDoNothing({ target: emailOutbox.dedupeKey })
    .returning({ id: emailOutbox.id });
  return { queued: rows.length > 0 };
}

/** Attempts before a message is marked failed. */
export const maxEmailAttempts = 8;
/** Wait before attempt n + 1 after attempt n failed (the last one repeats). */
export const emailRetryDelaysSeconds = [30, 120, 600, 1_800, 3_600, 10_800, 21_600] as const;
/** A row `sending` for longer than this belongs to a worker that died mid-send. */
export const staleSendingMinutes = 10;

export function retryDelaySeconds(attempts: number): number {
  const index = Math.min(Math.max(attempts, 1), emailRetryDelaysSeconds.length) - 1;
  return emailRetryDelaysSeconds[index] ?? 21_600;
}

export interface DrainResult {
  sent: number;
  /** Failed this time, to be tried again later. */
  retrying: number;
  /** Failed for the last time. */
  failed: number;
}

export interface DrainOptions {
  batchSize?: number;
  /** Bounds one drain, so a huge backlog cannot keep a worker busy for ever. */
  maxBatches?: number;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

type OutboxRow = typeof emailOutbox.$inferSelect;

/** Marks a batch of due rows `sending` and returns them; rows other workers hold are skipped. */
async function claimBatch(db: Database, batchSize: number): Promise<OutboxRow[]> {
  const due = or(
    and(eq(emailOutbox.status, 'queued'), lte(emailOutbox.nextAttemptAt, sql`now()`)),
    and(
      eq(emailOutbox.status, 'sending'),
      lt(emailOutbox.claimedAt, sql`now() - make_interval(mins => ${staleSendingMinutes})`),
    ),
  );
  const claimable = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(due)
    .orderBy(asc(emailOutbox.nextAttemptAt))
    .limit(batchSize)
    .for('update', { skipLocked: true });
  return db
    .update(emailOutbox)
    .set({ status: 'sending', claimedAt: sql`now()`, attempts: sql`${emailOutbox.attempts} + 1` })
    .where(inArray(emailOutbox.id, claimable))
    .returning();
}

/** Only the claim that is still ours may settle the row (another worker may have reclaimed it). */
function stillClaimed(row: OutboxRow) {
  return and(eq(emailOutbox.id, row.id), eq(emailOutbox.status, 'sending'), eq(emailOutbox.attempts, row.attempts));
}

function errorText(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.slice(0, 1_000);
}

/** Sends every due message (up to the batch bound) and records each outcome. */
export async function drainOutbox(
  db: Database,
  transport: MailTransport,
  { batchSize = 10, maxBatches = 20, log }: DrainOptions = {},
): Promise<DrainResult> {
  const result: DrainResult = { sent: 0, retrying: 0, failed: 0 };
  for (let batch = 0; batch < maxBatches; batch++) {
    const rows = await claimBatch(db, batchSize);
    for (const row of rows) {
      try {
        if (row.attempts > maxEmailAttempts) throw new Error(`gave up after ${maxEmailAttempts} attempts`);
        const accepted = await transport.send({
          id: row.id,
          kind: row.kind,
          to: row.to,
          subject: row.subject,
          html: row.html,
          text: row.text,
          ...(row.headers ? { headers: row.headers } : {}),
        });
        await db
          .update(emailOutbox)
          .set({
            status: 'sent',
            sentAt: sql`now()`,
            lastError: null,
            delivery: 'delivered',
            deliveryDetail: accepted.response.slice(0, 1_000),
          })
          .where(stillClaimed(row));
        result.sent += 1;
      } catch (err) {
        if (err instanceof MailBouncedError) {
          await db
            .update(emailOutbox)
            .set({
              status: 'failed',
              lastError: `Bounced: ${err.response}`.slice(0, 1_000),
              claimedAt: null,
              delivery: 'bounced',
              deliveryDetail: err.response.slice(0, 1_000),
            })
            .where(stillClaimed(row));
          result.failed += 1;
          log?.warn({ outboxId: row.id, kind: row.kind, response: err.response }, 'e-mail bounced');
          continue;
        }
        const giveUp = row.attempts >= maxEmailAttempts;
        await db
          .update(emailOutbox)
          .set({
            status: giveUp ? 'failed' : 'queued',
            lastError: errorText(err),
            claimedAt: null,
            nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(row.attempts)})`,
          })
          .where(stillClaimed(row));
        if (giveUp) result.failed += 1;
        else result.retrying += 1;
        log?.[giveUp ? 'error' : 'warn'](
          { err, outboxId: row.id, kind: row.kind, attempts: row.attempts },
          giveUp ? 'e-mail failed for good' : 'e-mail failed; will retry',
        );
      }
    }
    if (rows.length < batchSize) break;
  }
  return result;
}
