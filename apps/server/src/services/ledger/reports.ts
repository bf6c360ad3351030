// Reports from the ledger (issue 29, ADR 046): the monthly lodging tax
// return per jurisdiction and an owner's statement. Both read what was
// actually paid and refunded (ledger_entries), not what was booked.
import {
  bookings,
  companySettings,
  ledgerEntries,
  ownerExpenses,
  ownerAccounts,
  paymentIntents,
  paymentRefunds,
  properties,
  users,
  type Queryable,
} from '@sas/db';
import {
  addDays,
  centsInMonth,
  centsToDollars,
  defaultCommissionBps,
  propertyDisplayName,
  statementCents,
  bpsToPercent,
  type OwnerStatement,
  type StatementTotals,
  type TaxBasis,
  type TaxReturnRow,
} from '@sas/domain';
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { attributedOwner } from './post.js';

type BookingRow = typeof bookings.$inferSelect;

/** The first day of the month and of the next, YYYY-MM-DD. */
export function monthBounds(month: string): { start: string; end: string } {
  const start = `${month}-01`;
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const next = mon === 12 ? `${year + 1}-01-01` : `${year}-${String(mon + 1).padStart(2, '0')}-01`;
  return { start, end: next };
}

interface Bucket {
  jurisdiction: string;
  name: string;
  gross: number;
  exempt: number;
  taxable: number;
  collected: number;
  adjustments: number;
}

function bucketOf(buckets: Map<string, Bucket>, jurisdiction: string, name: string): Bucket {
  const key = `${jurisdiction}\u0000${name}`;
  let bucket = buckets.get(key);
  if (!bucket) {
    bucket = { jurisdiction, name, gross: 0, exempt: 0, taxable: 0, collected: 0, adjustments: 0 };
    buckets.set(key, bucket);
  }
  return bucket;
}

function toRows(buckets: Map<string, Bucket>): TaxReturnRow[] {
  return [...buckets.values()]
    .sort((a, b) => a.jurisdiction.localeCompare(b.jurisdiction) || a.name.localeCompare(b.name))
    .map((b) => ({
      jurisdiction: b.jurisdiction,
      name: b.name,
      grossRent: centsToDollars(b.gross),
      exemptRent: centsToDollars(b.exempt),
      taxableRent: centsToDollars(b.taxable),
      taxCollected: centsToDollars(b.collected),
      adjustments: centsToDollars(b.adjustments),
      netDue: centsToDollars(b.collected + b.adjustments),
    }));
}

async function taxLinesOfBookings(db: Queryable, bookingIds: readonly string[]) {
  if (bookingIds.length === 0) return [];
  return db
    .select({
      bookingId: ledgerEntries.bookingId,
      jurisdiction: ledgerEntries.party,
      name: ledgerEntries.detail,
      debit: ledgerEntries.debitCents,
      credit: ledgerEntries.creditCents,
      at: ledgerEntries.at,
      kind: ledgerEntries.kind,
    })
    .from(ledgerEntries)
    .where(and(inArray(ledgerEntries.bookingId, [...bookingIds]), eq(ledgerEntries.account, 'taxes_payable')));
}

/**
 * The month's return per jurisdiction and tax. By stay month, each stay's
 * rent and tax (collected less refunded) count in the months of its nights;
 * by payment date, tax counts in the month its line was written, and rent
 * in the month of the stay's first charge.
 */
export async function taxReturn(db: Queryable, month: string, basis: TaxBasis): Promise<TaxReturnRow[]> {
  const { start, end } = monthBounds(month);
  const buckets = new Map<string, Bucket>();
  if (basis === 'stay') {
    const stays = await db
      .select()
      .from(bookings)
      .where(and(lt(bookings.checkIn, end), gte(bookings.checkOut, addDays(start, 1))));
    const byId = new Map(stays.map((b) => [b.id, b]));
    for (const booking of stays) {
      for (const line of booking.taxLines) {
        const bucket = bucketOf(buckets, line.jurisdiction, line.name);
        const inMonth = (cents: number) => centsInMonth(cents, booking.checkIn, booking.checkOut, month);
        bucket.exempt += inMonth(line.exemptCents);
        bucket.taxable += inMonth(line.taxableCents);
        bucket.gross += inMonth(line.exemptCents + line.taxableCents);
      }
    }
    // Each stay's collected and refunded tax per line, spread over its nights.
    const perStay = new Map<string, { booking: BookingRow; bucket: Bucket; collected: number; refunded: number }>();
    for (const row of await taxLinesOfBookings(db, [...byId.keys()])) {
      const booking = byId.get(row.bookingId ?? '');
      if (!booking) continue;
      const bucket = bucketOf(buckets, row.jurisdiction ?? '', row.name ?? '');
      const key = `${booking.id}\u0000${row.jurisdiction}\u0000${row.name}`;
      const entry = perStay.get(key) ?? { booking, bucket, collected: 0, refunded: 0 };
      if (row.kind === 'refund') entry.refunded += row.debit - row.credit;
      else entry.collected += row.credit - row.debit;
      perStay.set(key, entry);
    }
    for (const { booking, bucket, collected, refunded } of perStay.values()) {
      bucket.collected += centsInMonth(collected, booking.checkIn, booking.checkOut, month);
      bucket.adjustments -= centsInMonth(refunded, booking.checkIn, booking.checkOut, month);
    }
    return toRows(buckets);
  }
  const from = new Date(`${start}T00:00:00Z`);
  const to = new Date(`${end}T00:00:00Z`);
  const lines = await db
    .select({
      bookingId: ledgerEntries.bookingId,
      jurisdiction: ledgerEntries.party,
      name: ledgerEntries.detail,
      debit: ledgerEntries.debitCents,
      credit: ledgerEntries.creditCents,
      kind: ledgerEntries.kind,
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.account, 'taxes_payable'), gte(ledgerEntries.at, from), lt(ledgerEntries.at, to)));
  for (const row of lines) {
    const bucket = bucketOf(buckets, row.jurisdiction ?? '', row.name ?? '');
    if (row.kind === 'refund') bucket.adjustments -= row.debit - row.credit;
    else bucket.collected += row.credit - row.debit;
  }
  const firstCharges = await db
    .select({ bookingId: ledgerEntries.bookingId })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, 'charge'), gte(ledgerEntries.at, from), lt(ledgerEntries.at, to)));
  const ids = [...new Set(firstCharges.flatMap((row) => (row.bookingId ? [row.bookingId] : [])))];
  if (ids.length > 0) {
    for (const booking of await db.select().from(bookings).where(inArray(bookings.id, ids))) {
      for (const line of booking.taxLines) {
        const bucket = bucketOf(buckets, line.jurisdiction, line.name);
        bucket.exempt += line.exemptCents;
        bucket.taxable += line.taxableCents;
        bucket.gross += line.exemptCents + line.taxableCents;
      }
    }
  }
  return toRows(buckets);
}

/** The company's basis for the tax return (issue 29): 'stay' until set otherwise. */
export async function taxBasisOf(db: Queryable): Promise<TaxBasis> {
  const [row] = await db.select({ basis: companySettings.taxBasis }).from(companySettings).limit(1);
  return row?.basis ?? 'stay';
}

// Owner statements ---------------------------------------------------------------

export type StatementOutcome = { status: 'ok'; statement: OwnerStatement } | { status: 'not_found' };

interface StatementLineCents {
  booking: string;
  home: string;
  checkIn: string;
  checkOut: string;
  grossRent: number;
  discounts: number;
  commission: number;
  cleaning: number;
  netPayout: number;
}

/**
 * The owner's stays checking in from `from` (inclusive) to `to` (exclusive),
 * from their ledger lines: those attributed to the owner now (a stay moved
 * to another owner is theirs, not this one's; a cancelled one keeps its owner).
 */
async function statementLines(db: Queryable, ownerId: string, from: string, to: string): Promise<StatementLineCents[]> {
  const owned = await db
    .select({ bookingId: ledgerEntries.bookingId })
    .from(ledgerEntries)
    .innerJoin(bookings, eq(bookings.id, ledgerEntries.bookingId))
    .where(
      and(
        eq(ledgerEntries.account, 'owner_payable'),
        eq(ledgerEntries.party, ownerId),
        gte(bookings.checkIn, from),
        lt(bookings.checkIn, to),
      ),
    );
  const candidates = [...new Set(owned.flatMap((row) => (row.bookingId ? [row.bookingId] : [])))];
  if (candidates.length === 0) return [];
  const payable = await db
    .select({
      bookingId: ledgerEntries.bookingId,
      movement: ledgerEntries.movement,
      kind: ledgerEntries.kind,
      line: ledgerEntries.line,
      at: ledgerEntries.at,
      party: ledgerEntries.party,
    })
    .from(ledgerEntries)
    .where(and(inArray(ledgerEntries.bookingId, candidates), eq(ledgerEntries.account, 'owner_payable')));
  const byBooking = new Map<string, typeof payable>();
  for (const line of payable)
    byBooking.set(line.bookingId ?? '', [...(byBooking.get(line.bookingId ?? '') ?? []), line]);
  const ids = candidates.filter((id) => attributedOwner(byBooking.get(id) ?? [])?.owner === ownerId);
  if (ids.length === 0) return [];
  const [stays, lines] = await Promise.all([
    db
      .select({ booking: bookings, publicName: properties.publicName, name: properties.name })
      .from(bookings)
      .innerJoin(properties, eq(properties.id, bookings.propertyId))
      .where(inArray(bookings.id, ids))
      .orderBy(asc(bookings.checkIn), asc(bookings.code)),
    db
      .select({
        bookingId: ledgerEntries.bookingId,
        account: ledgerEntries.account,
        party: ledgerEntries.party,
        debit: ledgerEntries.debitCents,
        credit: ledgerEntries.creditCents,
      })
      .from(ledgerEntries)
      .where(inArray(ledgerEntries.bookingId, ids)),
  ]);
  return stays.map(({ booking, publicName, name }) => {
    const mine = lines.filter((line) => line.bookingId === booking.id);
    const net = (account: string, party?: string) =>
      mine
        .filter((line) => line.account === account && (party === undefined || line.party === party))
        .reduce((sum, line) => sum + line.credit - line.debit, 0);
    const cents = statementCents({
      owner: net('owner_payable', ownerId),
      commission: net('revenue_commission'),
      cleaning: net('revenue_cleaning'),
      discountCents: booking.discountCents,
      rentAfterDiscounts: booking.baseCents - booking.discountCents,
    });
    return {
      booking: booking.code,
      home: propertyDisplayName({ public_name: publicName, name }),
      checkIn: booking.checkIn,
      checkOut: booking.checkOut,
      ...cents,
    };
  });
}

function totalsOf(lines: readonly StatementLineCents[], expenses: number): StatementTotals {
  const sum = (pick: (line: StatementLineCents) => number) => lines.reduce((total, line) => total + pick(line), 0);
  return {
    grossRent: centsToDollars(sum((l) => l.grossRent)),
    discounts: centsToDollars(sum((l) => l.discounts)),
    commission: centsToDollars(sum((l) => l.commission)),
    cleaning: centsToDollars(sum((l) => l.cleaning)),
    expenses: centsToDollars(expenses),
    netPayout: centsToDollars(sum((l) => l.netPayout) - expenses),
  };
}

/** The owner's expenses dated from `from` (inclusive) to `to` (exclusive), cents, as their ledger lines say. */
async function expensesOf(db: Queryable, ownerId: string, from: string, to: string) {
  const rows = await db
    .select({
      id: ownerExpenses.id,
      date: ownerExpenses.date,
      memo: ownerExpenses.memo,
      publicName: properties.publicName,
      name: properties.name,
      debit: ledgerEntries.debitCents,
    })
    .from(ledgerEntries)
    .innerJoin(ownerExpenses, eq(sql`${ownerExpenses.id}::text`, ledgerEntries.reference))
    .innerJoin(properties, eq(properties.id, ownerExpenses.propertyId))
    .where(
      and(
        eq(ledgerEntries.kind, 'expense'),
        eq(ledgerEntries.account, 'owner_payable'),
        eq(ledgerEntries.party, ownerId),
        gte(ownerExpenses.date, from),
        lt(ownerExpenses.date, to),
      ),
    )
    .orderBy(asc(ownerExpenses.date), asc(ownerExpenses.createdAt));
  return rows.map((row) => ({
    id: row.id,
    home: propertyDisplayName({ public_name: row.publicName, name: row.name }),
    date: row.date,
    amount: row.debit,
    memo: row.memo,
    receiptUrl: expenseReceiptUrl(row.id),
  }));
}

/** Where a receipt is read (staff, admins and the owner charged). */
export function expenseReceiptUrl(id: string): string {
  return `/api/admin/expenses/${id}/receipt`;
}

/** Payouts to the owner dated from `from` (inclusive) to `to` (exclusive), cents. */
async function payoutsOf(db: Queryable, ownerId: string, from: string, to: string) {
  const rows = await db
    .select({
      movement: ledgerEntries.movement,
      at: ledgerEntries.at,
      debit: ledgerEntries.debitCents,
      memo: ledgerEntries.memo,
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.kind, 'payout'),
        eq(ledgerEntries.account, 'owner_payable'),
        eq(ledgerEntries.party, ownerId),
        gte(ledgerEntries.at, new Date(`${from}T00:00:00Z`)),
        lt(ledgerEntries.at, new Date(`${to}T00:00:00Z`)),
      ),
    )
    .orderBy(asc(ledgerEntries.at), asc(ledgerEntries.movement));
  return rows.map((row) => ({
    id: row.movement,
    date: row.at.toISOString().slice(0, 10),
    amount: row.debit,
    memo: row.memo,
  }));
}

/**
 * The owner's statement of a month: their stays checking in that month,
 * each from its ledger lines (after refunds), and the year to date.
 * Expenses are those dated in the month (each reduces the net payout), payouts those paid in it.
 */
export async function ownerStatement(db: Queryable, ownerId: string, month: string): Promise<StatementOutcome> {
  const [owner] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
      commissionBps: ownerAccounts.commissionBps,
    })
    .from(users)
    .leftJoin(ownerAccounts, eq(ownerAccounts.userId, users.id))
    .where(eq(users.id, ownerId));
  if (!owner || owner.role !== 'owner') return { status: 'not_found' };
  const { start, end } = monthBounds(month);
  const yearStart = `${month.slice(0, 4)}-01-01`;
  const [lines, yearLines, payouts, expenses, yearExpenses] = await Promise.all([
    statementLines(db, ownerId, start, end),
    statementLines(db, ownerId, yearStart, end),
    payoutsOf(db, ownerId, start, end),
    expensesOf(db, ownerId, start, end),
    expensesOf(db, ownerId, yearStart, end),
  ]);
  const expenseCents = expenses.reduce((sum, expense) => sum + expense.amount, 0);
  const yearExpenseCents = yearExpenses.reduce((sum, expense) => sum + expense.amount, 0);
  return {
    status: 'ok',
    statement: {
      owner: { id: owner.id, name: `${owner.firstName} ${owner.lastName}`.trim() || owner.email },
      month,
      commissionRate: bpsToPercent(owner.commissionBps ?? defaultCommissionBps),
      ...totalsOf(lines, expenseCents),
      lines: lines.map((line) => ({
        ...line,
        grossRent: centsToDollars(line.grossRent),
        discounts: centsToDollars(line.discounts),
        commission: centsToDollars(line.commission),
        cleaning: centsToDollars(line.cleaning),
        netPayout: centsToDollars(line.netPayout),
      })),
      yearToDate: totalsOf(yearLines, yearExpenseCents),
      payouts: payouts.map((payout) => ({ ...payout, amount: centsToDollars(payout.amount) })),
      paidOut: centsToDollars(payouts.reduce((sum, payout) => sum + payout.amount, 0)),
      expenseLines: expenses.map((expense) => ({ ...expense, amount: centsToDollars(expense.amount) })),
    },
  };
}

// Reconciliation ------------------------------------------------------------------

export interface ReconciliationDay {
  date: string;
  processorCharges: number;
  ledgerCharges: number;
  processorRefunds: number;
  ledgerRefunds: number;
  difference: number;
}

export interface ReconciliationDifference {
  date: string;
  reference: string;
  kind: 'charge' | 'refund';
  processor: number;
  ledger: number;
}

const chargeKinds = ['charge', 'installment', 'concierge', 'deposit_check', 'deposit_capture'] as const;
const refundKinds = ['refund', 'concierge_refund', 'deposit_refund'] as const;

/**
 * The processor's charges and refunds (as it answered them: the payment
 * intents it took money for, what it captured of a hold, the refunds it
 * made) against the ledger's processor clearing, per UTC day from `from` to
 * `to` (included), with every reference whose amounts differ. A stay paid
 * and refunded in full before it could be booked (nights lost) is in
 * neither, by design, and left out.
 */
export async function reconcile(
  db: Queryable,
  from: string,
  to: string,
): Promise<{ days: ReconciliationDay[]; differences: ReconciliationDifference[] }> {
  const [intents, refunds, ledger, booked] = await Promise.all([
    db
      .select({
        id: paymentIntents.id,
        purpose: paymentIntents.purpose,
        status: paymentIntents.status,
        amount: paymentIntents.amountCents,
        captured: paymentIntents.capturedCents,
        at: paymentIntents.updatedAt,
      })
      .from(paymentIntents)
      .where(inArray(paymentIntents.status, ['succeeded', 'refunded'])),
    db
      .select({
        id: paymentRefunds.id,
        intentId: paymentRefunds.paymentIntentId,
        amount: paymentRefunds.amountCents,
        at: paymentRefunds.createdAt,
      })
      .from(paymentRefunds),
    db
      .select({
        reference: ledgerEntries.reference,
        kind: ledgerEntries.kind,
        debit: ledgerEntries.debitCents,
        credit: ledgerEntries.creditCents,
        at: ledgerEntries.at,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.account, 'processor_clearing')),
    db.select({ intentId: bookings.paymentIntentId }).from(bookings),
  ]);
  const bookedIntents = new Set(booked.map((row) => row.intentId));
  const neverBooked = new Set(intents.filter((i) => i.purpose === 'stay' && !bookedIntents.has(i.id)).map((i) => i.id));

  interface Side {
    date: string;
    kind: 'charge' | 'refund';
    processor: number;
    ledger: number;
  }
  const byReference = new Map<string, Side>();
  const dayOf = (at: Date) => at.toISOString().slice(0, 10);
  for (const row of ledger) {
    const reference = row.reference ?? '';
    const kind = (refundKinds as readonly string[]).includes(row.kind) ? 'refund' : 'charge';
    if (!(chargeKinds as readonly string[]).includes(row.kind) && kind === 'charge') continue;
    const side = byReference.get(reference) ?? { date: dayOf(row.at), kind, processor: 0, ledger: 0 };
    side.ledger += kind === 'charge' ? row.debit - row.credit : row.credit - row.debit;
    byReference.set(reference, side);
  }
  for (const intent of intents) {
    if (neverBooked.has(intent.id)) continue;
    const amount = intent.purpose === 'deposit' ? (intent.captured ?? 0) : intent.amount;
    if (amount <= 0) continue;
    const side = byReference.get(intent.id) ?? {
      date: dayOf(intent.at),
      kind: 'charge' as const,
      processor: 0,
      ledger: 0,
    };
    side.processor += amount;
    byReference.set(intent.id, side);
  }
  for (const refund of refunds) {
    if (neverBooked.has(refund.intentId)) continue;
    const side = byReference.get(refund.id) ?? {
      date: dayOf(refund.at),
      kind: 'refund' as const,
      processor: 0,
      ledger: 0,
    };
    side.processor += refund.amount;
    byReference.set(refund.id, side);
  }

  const days = new Map<string, ReconciliationDay>();
  const differences: ReconciliationDifference[] = [];
  for (const [reference, side] of byReference) {
    if (side.date < from || side.date > to) continue;
    const day = days.get(side.date) ?? {
      date: side.date,
      processorCharges: 0,
      ledgerCharges: 0,
      processorRefunds: 0,
      ledgerRefunds: 0,
      difference: 0,
    };
    if (side.kind === 'charge') {
      day.processorCharges += side.processor;
      day.ledgerCharges += side.ledger;
    } else {
      day.processorRefunds += side.processor;
      day.ledgerRefunds += side.ledger;
    }
    days.set(side.date, day);
    if (side.processor !== side.ledger) {
      differences.push({ date: side.date, reference, kind: side.kind, processor: side.processor, ledger: side.ledger });
    }
  }
  const dollars = (day: ReconciliationDay): ReconciliationDay => ({
    date: day.date,
    processorCharges: centsToDollars(day.processorCharges),
    ledgerCharges: centsToDollars(day.ledgerCharges),
    processorRefunds: centsToDollars(day.processorRefunds),
    ledgerRefunds: centsToDollars(day.ledgerRefunds),
    difference: centsToDollars(day.processorCharges - day.ledgerCharges - (day.processorRefunds - day.ledgerRefunds)),
  });
  return {
    days: [...days.values()].sort((a, b) => a.date.localeCompare(b.date)).map(dollars),
    differences: differences
      .sort((a, b) => a.date.localeCompare(b.date) || a.reference.localeCompare(b.reference))
      .map((d) => ({ ...d, processor: centsToDollars(d.processor), ledger: centsToDollars(d.ledger) })),
  };
}
