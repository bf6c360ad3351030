// The one ledger service (issue 29, ADR 046): every movement of money is
// written here as balanced double-entry lines, in the transaction of the
// code that moved it. Callers name the processor's id of what moved (the
// payment intent, the refund); the rules of who gets what are
// @sas/domain ledger.ts. A movement is written once: a repeat (a retry, the
// webhook after the browser) finds its lines and writes nothing.
import {
  bookingConcierge,
  bookings,
  ledgerEntries,
  ownerAccounts,
  paymentIntents,
  properties,
  propertyOwners,
  type Queryable,
  type Transaction,
} from '@sas/db';
import {
  allocate,
  defaultCommissionBps,
  imbalance,
  receivedLines,
  refundedLines,
  stayShares,
  todayIn,
  type LedgerLine,
  type LedgerMovementKind,
  type LedgerShare,
} from '@sas/domain';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';

type Writer = Pick<Transaction, 'select' | 'insert'>;
type BookingRow = typeof bookings.$inferSelect;
type IntentRow = typeof paymentIntents.$inferSelect;

/** The owner whose rent a home's stays pay (the first by id when several share it), and their commission. */
export async function ownerTermsOf(
  db: Queryable,
  propertyId: string,
): Promise<{ owner: string | null; commissionBps: number }> {
  const [row] = await db
    .select({ owner: propertyOwners.userId, commissionBps: ownerAccounts.commissionBps })
    .from(propertyOwners)
    .leftJoin(ownerAccounts, eq(ownerAccounts.userId, propertyOwners.userId))
    .where(eq(propertyOwners.propertyId, propertyId))
    .orderBy(asc(propertyOwners.userId))
    .limit(1);
  return { owner: row?.owner ?? null, commissionBps: row?.commissionBps ?? defaultCommissionBps };
}

async function commissionOf(db: Queryable, owner: string | null): Promise<number> {
  if (owner === null) return defaultCommissionBps;
  const [row] = await db
    .select({ commissionBps: ownerAccounts.commissionBps })
    .from(ownerAccounts)
    .where(eq(ownerAccounts.userId, owner));
  return row?.commissionBps ?? defaultCommissionBps;
}

/** An owner payable line of a booking, as attribution reads it. */
export interface OwnerPayableLine {
  movement: string;
  kind: LedgerMovementKind;
  line: number;
  at: Date;
  party: string | null;
}

/** The place of a re-attribution in its booking's sequence (`reattribution:{booking}:{n}`). */
function reattributionSequence(movement: string): number {
  return Number(movement.slice(movement.lastIndexOf(':') + 1)) || 0;
}

/**
 * Whom a booking's owner payable is attributed to now, from its owner
 * payable lines: the owner it was last moved to (line 1 of its latest
 * re-attribution), else the owner its first stay charge paid; undefined
 * when no line names one yet (then the home's owner is).
 */
export function attributedOwner(lines: readonly OwnerPayableLine[]): { owner: string | null } | undefined {
  let latest: OwnerPayableLine | undefined;
  for (const line of lines) {
    if (line.kind !== 'reattribution' || line.line !== 1) continue;
    if (!latest || reattributionSequence(line.movement) > reattributionSequence(latest.movement)) latest = line;
  }
  if (latest) return { owner: latest.party };
  const paid = lines
    .filter((line) => line.kind === 'charge' || line.kind === 'installment')
    .sort((a, b) => a.at.getTime() - b.at.getTime())[0];
  return paid ? { owner: paid.party } : undefined;
}

async function ownerPayableLinesOf(db: Queryable, bookingIds: readonly string[]) {
  if (bookingIds.length === 0) return [];
  return db
    .select({
      bookingId: ledgerEntries.bookingId,
      movement: ledgerEntries.movement,
      kind: ledgerEntries.kind,
      line: ledgerEntries.line,
      at: ledgerEntries.at,
      party: ledgerEntries.party,
      debit: ledgerEntries.debitCents,
      credit: ledgerEntries.creditCents,
    })
    .from(ledgerEntries)
    .where(and(inArray(ledgerEntries.bookingId, [...bookingIds]), eq(ledgerEntries.account, 'owner_payable')));
}

/**
 * The owner a stay's money is shared to (and their commission): whom its
 * owner payable is attributed to already, else the home's owner now.
 */
async function stayOwnerOf(
  db: Queryable,
  booking: BookingRow,
): Promise<{ owner: string | null; commissionBps: number }> {
  const attributed = attributedOwner(await ownerPayableLinesOf(db, [booking.id]));
  if (!attributed) return ownerTermsOf(db, booking.propertyId);
  return { owner: attributed.owner, commissionBps: await commissionOf(db, attributed.owner) };
}

async function stayPartsOf(db: Queryable, booking: BookingRow): Promise<LedgerShare[]> {
  const terms = await stayOwnerOf(db, booking);
  return stayShares(booking, terms.owner, terms.commissionBps);
}

/** Cents of the booking's stay already received (or refunded) through the ledger. */
async function stayMoneySoFar(db: Queryable, bookingId: string, kinds: readonly LedgerMovementKind[]): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${ledgerEntries.debitCents} + ${ledgerEntries.creditCents}), 0)::int` })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.bookingId, bookingId),
        eq(ledgerEntries.account, 'processor_clearing'),
        inArray(ledgerEntries.kind, [...kinds]),
      ),
    );
  return row?.cents ?? 0;
}

interface Movement {
  key: string;
  kind: LedgerMovementKind;
  at: Date | undefined;
  booking: Pick<BookingRow, 'id' | 'propertyId'> | null;
  /** The home of a movement without a booking (an expense). */
  propertyId?: string;
  memo: string;
  reference: string;
  lines: LedgerLine[];
}

/** Writes a movement's lines unless they are written already; refuses lines that do not balance. */
async function writeMovement(tx: Writer, movement: Movement): Promise<boolean> {
  if (imbalance(movement.lines) !== 0) throw new Error(`Ledger movement ${movement.key} does not balance`);
  const [existing] = await tx
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.movement, movement.key))
    .limit(1);
  if (existing) return false;
  const lines = movement.lines.filter((line) => line.debit !== 0 || line.credit !== 0);
  if (lines.length === 0) return false;
  const at: Date | SQL = movement.at ?? sql`now()`;
  await tx
    .insert(ledgerEntries)
    .values(
      lines.map((line, index) => ({
        movement: movement.key,
        kind: movement.kind,
        line: index,
        at,
        account: line.account,
        party: line.party,
        detail: line.detail,
        debitCents: line.debit,
        creditCents: line.credit,
        bookingId: movement.booking?.id ?? null,
        propertyId: movement.booking?.propertyId ?? movement.propertyId ?? null,
        memo: movement.memo,
        reference: movement.reference,
      })),
    )
    .onConflictDoNothing();
  return true;
}

/** The booking a payment belongs to: a stay's is booked from it; later charges and services name theirs. */
async function bookingOfIntent(db: Queryable, intent: IntentRow): Promise<BookingRow | null> {
  if (intent.purpose === 'stay') {
    const [row] = await db.select().from(bookings).where(eq(bookings.paymentIntentId, intent.id));
    return row ?? null;
  }
  if (intent.purpose === 'concierge') {
    const [row] = await db
      .select({ booking: bookings })
      .from(bookingConcierge)
      .innerJoin(bookings, eq(bookings.id, bookingConcierge.bookingId))
      .where(eq(bookingConcierge.paymentIntentId, intent.id))
      .limit(1);
    return row?.booking ?? null;
  }
  if (!intent.bookingId) return null;
  const [row] = await db.select().from(bookings).where(eq(bookings.id, intent.bookingId));
  return row ?? null;
}

const single = (account: LedgerShare['account'], cents: number): LedgerShare[] => [
  { account, party: null, detail: null, cents },
];

/**
 * Records money the processor took for a payment intent: a stay's first
 * charge, an installment, a concierge service, the deposit's card check, or
 * a deposit capture (its captured part). Call it in the transaction that
 * marks the intent paid; a stay whose booking is not made (nights lost) is
 * recorded with its refund, that is not at all.
 */
export async function postPayment(tx: Transaction, intentId: string, at?: Date): Promise<void> {
  const [intent] = await tx.select().from(paymentIntents).where(eq(paymentIntents.id, intentId));
  if (!intent) return;
  const booking = await bookingOfIntent(tx, intent);
  if (!booking) return;
  let kind: LedgerMovementKind;
  let amount = intent.amountCents;
  let shares: LedgerShare[];
  let memo: string;
  switch (intent.purpose) {
    case 'stay':
    case 'installment': {
      kind = intent.purpose === 'stay' ? 'charge' : 'installment';
      const before = await stayMoneySoFar(tx, booking.id, ['charge', 'installment']);
      shares = allocate(await stayPartsOf(tx, booking), before, amount);
      memo = `${intent.purpose === 'stay' ? 'Stay' : 'Installment'} ${booking.code}`;
      break;
    }
    case 'concierge':
      kind = 'concierge';
      shares = single('revenue_concierge', amount);
      memo = `Concierge service ${booking.code}`;
      break;
    case 'validation':
      kind = 'deposit_check';
      shares = single('deposits_held', amount);
      memo = `Deposit card check ${booking.code}`;
      break;
    case 'deposit':
      kind = 'deposit_capture';
      amount = intent.capturedCents ?? 0;
      if (amount <= 0) return;
      shares = single('deposits_held', amount);
      memo = `Deposit captured ${booking.code}`;
      break;
  }
  await writeMovement(tx, {
    key: `${kind}:${intent.id}`,
    kind,
    at,
    booking,
    memo,
    reference: intent.id,
    lines: receivedLines(amount, shares),
  });
}

/**
 * Records a refund (issueRefund calls it in the transaction that records
 * the refund): a stay's money goes back in proportion to what it paid for,
 * tax included; a service's from concierge revenue; a card check's from
 * deposits held.
 */
export async function postRefund(
  tx: Transaction,
  refund: { id: string; amount: number },
  intentId: string,
  at?: Date,
): Promise<void> {
  const [intent] = await tx.select().from(paymentIntents).where(eq(paymentIntents.id, intentId));
  if (!intent) return;
  const booking = await bookingOfIntent(tx, intent);
  // A stay refunded before it was booked (lost nights) was never received in the ledger.
  if (!booking) return;
  let kind: LedgerMovementKind;
  let shares: LedgerShare[];
  let memo: string;
  if (intent.purpose === 'stay' || intent.purpose === 'installment') {
    kind = 'refund';
    const before = await stayMoneySoFar(tx, booking.id, ['refund']);
    shares = allocate(await stayPartsOf(tx, booking), before, refund.amount);
    memo = `Refund ${booking.code}`;
  } else if (intent.purpose === 'concierge') {
    kind = 'concierge_refund';
    shares = single('revenue_concierge', refund.amount);
    memo = `Concierge refund ${booking.code}`;
  } else {
    kind = 'deposit_refund';
    shares = single('deposits_held', refund.amount);
    memo = `Deposit refund ${booking.code}`;
  }
  await writeMovement(tx, {
    key: `${kind}:${refund.id}`,
    kind,
    at,
    booking,
    memo,
    reference: refund.id,
    lines: refundedLines(refund.amount, shares),
  });
}

/**
 * Records money paid to an owner (issue 29): owner payable is debited, the
 * company's bank account credited. The caller's idempotency key names the
 * movement, so a retry writes nothing and answers the first payout.
 * Returns whether this call wrote it.
 */
export async function postPayout(
  tx: Transaction,
  payout: { ownerId: string; cents: number; at: Date; memo: string; idempotencyKey: string },
): Promise<{ key: string; written: boolean }> {
  const key = payoutMovementKey(payout.ownerId, payout.idempotencyKey);
  const written = await writeMovement(tx, {
    key,
    kind: 'payout',
    at: payout.at,
    booking: null,
    memo: payout.memo === '' ? 'Owner payout' : `Owner payout: ${payout.memo}`,
    reference: payout.idempotencyKey,
    lines: [
      { account: 'owner_payable', party: payout.ownerId, detail: null, debit: payout.cents, credit: 0 },
      { account: 'company_bank', party: null, detail: null, debit: 0, credit: payout.cents },
    ],
  });
  return { key, written };
}

export function payoutMovementKey(ownerId: string, idempotencyKey: string): string {
  return `payout:${ownerId}:${idempotencyKey}`;
}

/**
 * Records an expense the company paid for an owner's home (issue 29): owner
 * payable is debited (the owner's net payout is reduced), the company bank
 * account credited. Written once per expense.
 */
export async function postExpense(
  tx: Transaction,
  expense: { id: string; ownerId: string; propertyId: string; cents: number; at: Date; memo: string },
): Promise<void> {
  await writeMovement(tx, {
    key: `expense:${expense.id}`,
    kind: 'expense',
    at: expense.at,
    booking: null,
    propertyId: expense.propertyId,
    memo: `Expense: ${expense.memo}`,
    reference: expense.id,
    lines: [
      { account: 'owner_payable', party: expense.ownerId, detail: null, debit: expense.cents, credit: 0 },
      { account: 'company_bank', party: null, detail: null, debit: 0, credit: expense.cents },
    ],
  });
}

/**
 * The owner of a stay is the home's owner on its nights (issue 29): after
 * the owners of a home change (in that transaction), each of its bookings
 * whose owner payable sits with someone else is moved, as one balanced
 * movement per booking (`reattribution:{booking}:{n}`), to the home's owner
 * now: every balance that sits with no owner, and, from one owner to
 * another (or to none), the stays checking in on or after today in the
 * home's time zone. Commission, cleaning and taxes stay as posted. A
 * repeat finds every booking attributed already and writes nothing.
 * Returns the number of bookings moved.
 */
export async function reattributeHomeStays(tx: Transaction, propertyId: string, now: Date): Promise<number> {
  const [home] = await tx
    .select({ timeZone: properties.timeZone })
    .from(properties)
    .where(eq(properties.id, propertyId))
    .for('update');
  if (!home) return 0;
  const { owner } = await ownerTermsOf(tx, propertyId);
  const changeDate = todayIn(home.timeZone, now);
  const stays = await tx
    .selectDistinct({
      id: bookings.id,
      propertyId: bookings.propertyId,
      code: bookings.code,
      checkIn: bookings.checkIn,
    })
    .from(bookings)
    .innerJoin(ledgerEntries, eq(ledgerEntries.bookingId, bookings.id))
    .where(and(eq(bookings.propertyId, propertyId), eq(ledgerEntries.account, 'owner_payable')));
  const lines = await ownerPayableLinesOf(
    tx,
    stays.map((stay) => stay.id),
  );
  let moved = 0;
  for (const stay of stays) {
    const mine = lines.filter((line) => line.bookingId === stay.id);
    const from = attributedOwner(mine)?.owner ?? null;
    if (from === owner) continue;
    if (from !== null && stay.checkIn < changeDate) continue;
    const balance = mine.filter((line) => line.party === from).reduce((sum, line) => sum + line.credit - line.debit, 0);
    const sequence = Math.max(
      0,
      ...mine.filter((l) => l.kind === 'reattribution').map((l) => reattributionSequence(l.movement)),
    );
    const written = await writeMovement(tx, {
      key: `reattribution:${stay.id}:${sequence + 1}`,
      kind: 'reattribution',
      at: now,
      booking: stay,
      memo: `Owner re-attribution ${stay.code}: to the home's owner on its nights`,
      reference: stay.code,
      // Line 0 is the party it leaves, line 1 the owner it goes to (attributedOwner reads line 1).
      lines: [
        {
          account: 'owner_payable',
          party: from,
          detail: null,
          debit: Math.max(balance, 0),
          credit: Math.max(-balance, 0),
        },
        {
          account: 'owner_payable',
          party: owner,
          detail: null,
          debit: Math.max(-balance, 0),
          credit: Math.max(balance, 0),
        },
      ],
    });
    if (written) moved += 1;
  }
  return moved;
}
