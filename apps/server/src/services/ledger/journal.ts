// Reading the ledger (issue 29): the journal's lines for a date range or a
// booking, with accounts named as an accountant reads them, and the same
// lines as a general-journal CSV that QuickBooks Online and Xero import.
import { bookings, ledgerEntries, users, type Queryable } from '@sas/db';
import { addDays, centsToDollars, isUuid, ledgerAccountNames, type LedgerEntry, type LedgerQuery } from '@sas/domain';
import { and, asc, eq, gte, inArray, lt, or, type SQL } from 'drizzle-orm';

export interface JournalLine extends LedgerEntry {
  reference: string;
}

/** A date's UTC midnight: ranges are whole UTC days, `to` included. */
function dayStart(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

export async function readJournal(db: Queryable, query: LedgerQuery): Promise<JournalLine[]> {
  const where: SQL[] = [];
  if (query.from) where.push(gte(ledgerEntries.at, dayStart(query.from)));
  if (query.to) where.push(lt(ledgerEntries.at, dayStart(addDays(query.to, 1))));
  if (query.booking) {
    const ref = query.booking;
    const match = isUuid(ref) ? or(eq(bookings.id, ref), eq(bookings.code, ref)) : eq(bookings.code, ref.toUpperCase());
    const found = await db.select({ id: bookings.id }).from(bookings).where(match);
    if (found.length === 0) return [];
    where.push(
      inArray(
        ledgerEntries.bookingId,
        found.map((row) => row.id),
      ),
    );
  }
  const rows = await db
    .select({
      id: ledgerEntries.id,
      at: ledgerEntries.at,
      account: ledgerEntries.account,
      party: ledgerEntries.party,
      detail: ledgerEntries.detail,
      debit: ledgerEntries.debitCents,
      credit: ledgerEntries.creditCents,
      booking: bookings.code,
      memo: ledgerEntries.memo,
      reference: ledgerEntries.reference,
      movement: ledgerEntries.movement,
    })
    .from(ledgerEntries)
    .leftJoin(bookings, eq(bookings.id, ledgerEntries.bookingId))
    .where(and(...where))
    .orderBy(asc(ledgerEntries.at), asc(ledgerEntries.movement), asc(ledgerEntries.line));
  const ownerIds = [
    ...new Set(rows.filter((r) => r.account === 'owner_payable' && r.party).map((r) => r.party as string)),
  ];
  const owners = new Map(
    ownerIds.length === 0
      ? []
      : (
          await db
            .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
            .from(users)
            .where(inArray(users.id, ownerIds.filter(isUuid)))
        ).map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim() || u.email]),
  );
  return rows.map((row) => {
    let account = ledgerAccountNames[row.account];
    if (row.account === 'taxes_payable') account += `: ${row.party ?? ''} ${row.detail ?? ''}`.trimEnd();
    if (row.account === 'owner_payable')
      account += `: ${row.party ? (owners.get(row.party) ?? row.party) : 'no owner'}`;
    return {
      id: row.id,
      at: row.at.toISOString(),
      account,
      debit: centsToDollars(row.debit),
      credit: centsToDollars(row.credit),
      ...(row.booking ? { booking: row.booking } : {}),
      memo: row.memo,
      reference: row.reference ?? row.movement,
    };
  });
}

/** Columns of the general-journal CSV (QuickBooks Online and Xero both map these on import). */
export const journalCsvColumns = ['Date', 'Account', 'Debit', 'Credit', 'Memo', 'Reference'] as const;

/** A spreadsheet must not run what a name or memo starts with (=, +, -, @). */
function safeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export function journalCsvRows(lines: readonly JournalLine[]): string[][] {
  return lines.map((line) => [
    line.at.slice(0, 10),
    safeCell(line.account),
    line.debit === 0 ? '' : line.debit.toFixed(2),
    line.credit === 0 ? '' : line.credit.toFixed(2),
    safeCell(line.memo),
    safeCell(line.reference),
  ]);
}
