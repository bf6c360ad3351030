// The ledger's rules (issue 29, ADR 046): the accounts, how a stay's money
// is shared between them, and balancing. Pure; the server writes the lines
// (services/ledger) in the transaction of each movement of money.
//
// - A payment received: processor clearing is debited, guest payments
//   received credited; then guest payments received is debited and the
//   money shared between what it pays for (the owner's rent after the
//   commission, the commission, cleaning, add-ons, each jurisdiction's tax).
// - A stay paid in parts (installments) is shared cumulatively: each part
//   takes the shares of everything paid so far less the shares already
//   taken, so the parts of a stay paid in full add up to its price exactly.
// - A refund reverses in proportion the same way, so tax goes back in
//   proportion to what is refunded.
import { z } from 'zod';
import { isIsoDate } from './dates.js';
import { shareCents } from './taxes.js';

export const ledgerAccounts = [
  'processor_clearing',
  'guest_payments',
  'taxes_payable',
  'owner_payable',
  'revenue_commission',
  'revenue_cleaning',
  'revenue_concierge',
  'deposits_held',
  'company_bank',
] as const;
export type LedgerAccount = (typeof ledgerAccounts)[number];

/** How an account is named in the journal and its CSV. */
export const ledgerAccountNames: Record<LedgerAccount, string> = {
  processor_clearing: 'Processor clearing',
  guest_payments: 'Guest payments received',
  taxes_payable: 'Taxes payable',
  owner_payable: 'Owner payable',
  revenue_commission: 'Company revenue: management commission',
  revenue_cleaning: 'Company revenue: cleaning fees',
  revenue_concierge: 'Company revenue: concierge',
  deposits_held: 'Deposits held',
  company_bank: 'Company bank account',
};

export const ledgerMovementKinds = [
  'charge',
  'installment',
  'concierge',
  'deposit_check',
  'deposit_capture',
  'refund',
  'concierge_refund',
  'deposit_refund',
  'payout',
  'expense',
  // A stay's owner payable moved to the owner of the home on its nights (an owner assigned or changed later).
  'reattribution',
] as const;
export type LedgerMovementKind = (typeof ledgerMovementKinds)[number];

/** One share of money: an account, and for taxes the jurisdiction and tax, for an owner their id. */
export interface LedgerShare {
  account: LedgerAccount;
  /** Jurisdiction of a tax, or the owner's id; null otherwise. */
  party: string | null;
  /** The tax's name, or null. */
  detail: string | null;
  cents: number;
}

/** One line as written: exactly one of debit and credit is above zero. */
export interface LedgerLine {
  account: LedgerAccount;
  party: string | null;
  detail: string | null;
  debit: number;
  credit: number;
}

/** Percent of the rent after discounts the company keeps, in basis points, when an owner has no rate of their own. */
export const defaultCommissionBps = 2000;

export interface StayMoney {
  baseCents: number;
  discountCents: number;
  feesCents: number;
  addOnsCents: number;
  taxLines: readonly { jurisdiction: string; name: string; amountCents: number }[];
  /** Taxes as stored; rows made before tax lines have only this. */
  taxesCents: number;
}

/** What a stay's price is made of, by account: they add up to the price. */
export function stayShares(stay: StayMoney, owner: string | null, commissionBps: number): LedgerShare[] {
  const rent = stay.baseCents - stay.discountCents;
  const commission = Math.floor((rent * commissionBps + 5_000) / 10_000);
  const taxes: LedgerShare[] =
    stay.taxLines.length > 0
      ? stay.taxLines.map((line) => ({
          account: 'taxes_payable',
          party: line.jurisdiction,
          detail: line.name,
          cents: line.amountCents,
        }))
      : [{ account: 'taxes_payable', party: 'Lodging tax', detail: 'Lodging tax', cents: stay.taxesCents }];
  return [
    { account: 'owner_payable', party: owner, detail: null, cents: rent - commission },
    { account: 'revenue_commission', party: null, detail: null, cents: commission },
    { account: 'revenue_cleaning', party: null, detail: null, cents: stay.feesCents },
    { account: 'revenue_concierge', party: null, detail: null, cents: stay.addOnsCents },
    ...taxes,
  ];
}

/**
 * The shares of `amount` paid (or refunded) after `before` was: the
 * cumulative shares of before + amount less those of before. A share may
 * come out a cent below zero when rounding moves; lines take its sign.
 */
export function allocate(shares: readonly LedgerShare[], before: number, amount: number): LedgerShare[] {
  const weights = shares.map((share) => share.cents);
  const total = weights.reduce((a, b) => a + b, 0);
  const upTo = (cents: number) => shareCents(Math.min(cents, total), weights);
  const after = upTo(before + amount);
  const earlier = upTo(before);
  const parts = shares.map((share, index) => ({ ...share, cents: (after[index] ?? 0) - (earlier[index] ?? 0) }));
  // Beyond the price (never for a stay, but the money is kept whole): the rest to the first share.
  const extra = amount - (Math.min(before + amount, total) - Math.min(before, total));
  if (extra !== 0 && parts[0]) parts[0] = { ...parts[0], cents: parts[0].cents + extra };
  return parts.filter((part) => part.cents !== 0);
}

function line(share: Omit<LedgerShare, 'cents'>, debit: number, credit: number): LedgerLine {
  return { account: share.account, party: share.party, detail: share.detail, debit, credit };
}

/** Money received for `shares`: clearing to guest payments, and guest payments shared out. */
export function receivedLines(amount: number, shares: readonly LedgerShare[]): LedgerLine[] {
  const clearing = { account: 'processor_clearing', party: null, detail: null } as const;
  const received = { account: 'guest_payments', party: null, detail: null } as const;
  return [
    line(clearing, amount, 0),
    line(received, 0, amount),
    line(received, amount, 0),
    ...shares.map((share) => (share.cents >= 0 ? line(share, 0, share.cents) : line(share, -share.cents, 0))),
  ];
}

/** Money given back from `shares`: the mirror of receivedLines. */
export function refundedLines(amount: number, shares: readonly LedgerShare[]): LedgerLine[] {
  return receivedLines(amount, shares).map((l) => ({ ...l, debit: l.credit, credit: l.debit }));
}

/** Debits less credits; 0 when the lines balance. */
export function imbalance(lines: readonly Pick<LedgerLine, 'debit' | 'credit'>[]): number {
  return lines.reduce((sum, l) => sum + l.debit - l.credit, 0);
}

// API ------------------------------------------------------------------------------

const isoDate = z.string().refine(isIsoDate, { error: 'Dates must be calendar dates written as YYYY-MM-DD' });

/** GET /api/admin/ledger?from=&to=&booking= (to inclusive). */
export const ledgerQuerySchema = z
  .object({
    from: isoDate.optional(),
    to: isoDate.optional(),
    booking: z.string().trim().min(1).max(80).optional(),
  })
  .strict();
export type LedgerQuery = z.infer<typeof ledgerQuerySchema>;

export const ledgerEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  account: z.string(),
  /** Dollars. */
  debit: z.number(),
  credit: z.number(),
  /** The booking's code, when the line belongs to one. */
  booking: z.string().optional(),
  memo: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;
export const ledgerResponseSchema = z.array(ledgerEntrySchema);
