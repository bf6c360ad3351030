// Monthly reports from the ledger (issue 29, ADR 046): the tax return per
// jurisdiction and the owner's statement. Pure: the server reads the lines.
//
// - By stay month (the default), a stay's money is spread over the months
//   its nights fall in, nights by nights, with shareCents so the months of
//   one stay add up to its whole to the cent.
// - An owner's statement: gross rent is what the stay's rent and cleaning
//   brought in after refunds, and net payout is gross less discounts,
//   commission, cleaning and expenses: exactly the owner payable.
import { z } from 'zod';
import { eachNight, isIsoDate } from './dates.js';
import { shareCents } from './taxes.js';

export const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;
export const monthField = z.string().regex(monthPattern, { error: 'month is written as YYYY-MM' });

/** The months a stay's nights fall in, with how many nights each. */
export function nightsByMonth(checkIn: string, checkOut: string): Map<string, number> {
  const months = new Map<string, number>();
  for (const night of eachNight(checkIn, checkOut)) {
    const month = night.slice(0, 7);
    months.set(month, (months.get(month) ?? 0) + 1);
  }
  return months;
}

/** The part of `cents` of a stay that falls in `month`, nights by nights (0 when none does). */
export function centsInMonth(cents: number, checkIn: string, checkOut: string, month: string): number {
  const months = [...nightsByMonth(checkIn, checkOut)];
  const index = months.findIndex(([m]) => m === month);
  if (index < 0) return 0;
  return (
    shareCents(
      cents,
      months.map(([, nights]) => nights),
    )[index] ?? 0
  );
}

export const taxBases = ['stay', 'payment'] as const;
export type TaxBasis = (typeof taxBases)[number];

/** GET /api/admin/reports/taxes?month=YYYY-MM[&basis=stay|payment] */
export const taxReportQuerySchema = z.object({ month: monthField, basis: z.enum(taxBases).optional() }).strict();

export const taxReturnRowSchema = z.object({
  jurisdiction: z.string(),
  name: z.string(),
  grossRent: z.number(),
  exemptRent: z.number(),
  taxableRent: z.number(),
  taxCollected: z.number(),
  /** Refunds and other corrections: negative when tax went back. */
  adjustments: z.number(),
  netDue: z.number(),
});
export type TaxReturnRow = z.infer<typeof taxReturnRowSchema>;
export const taxReportResponseSchema = z.array(taxReturnRowSchema);

/** A payout to an owner as statements show it. */
export const ownerPayoutSchema = z.object({
  id: z.string(),
  date: z.string(),
  amount: z.number(),
  memo: z.string(),
});
export type OwnerPayout = z.infer<typeof ownerPayoutSchema>;

export const ownerStatementLineSchema = z.object({
  booking: z.string(),
  home: z.string(),
  checkIn: z.string(),
  checkOut: z.string(),
  grossRent: z.number(),
  discounts: z.number(),
  commission: z.number(),
  cleaning: z.number(),
  netPayout: z.number(),
});
export const statementTotalsSchema = z.object({
  grossRent: z.number(),
  discounts: z.number(),
  commission: z.number(),
  cleaning: z.number(),
  expenses: z.number(),
  netPayout: z.number(),
});
export type StatementTotals = z.infer<typeof statementTotalsSchema>;
export const ownerStatementSchema = statementTotalsSchema.extend({
  owner: z.object({ id: z.string(), name: z.string() }),
  month: z.string(),
  /** Commission in percent of the rent after discounts. */
  commissionRate: z.number(),
  lines: z.array(ownerStatementLineSchema),
  /** January to this month of the same year. */
  yearToDate: statementTotalsSchema,
  /** Money paid to the owner in the month (ledger movements of kind payout). */
  payouts: z.array(ownerPayoutSchema),
  paidOut: z.number(),
  /** The expenses dated in the month, each with its receipt's URL (staff and the owner only). */
  expenseLines: z.array(
    z.object({
      id: z.string(),
      home: z.string(),
      date: z.string(),
      amount: z.number(),
      memo: z.string(),
      receiptUrl: z.string(),
    }),
  ),
});
export type OwnerStatement = z.infer<typeof ownerStatementSchema>;

export const ownerStatementParamsSchema = z
  .object({
    id: z.uuid({ error: 'id is an owner id (UUID)' }),
    month: monthField,
  })
  .strict();

/** A stay's part of an owner statement, cents, from its ledger lines (net of refunds). */
export interface StayStatementCents {
  owner: number;
  commission: number;
  cleaning: number;
  /** The stay's discounts, cents, and the rent after them, to scale the discounts to what was kept. */
  discountCents: number;
  rentAfterDiscounts: number;
}

/** Gross rent, discounts, commission, cleaning and net of one stay; net = gross - discounts - commission - cleaning. */
export function statementCents(stay: StayStatementCents) {
  const kept = stay.owner + stay.commission;
  const discounts =
    stay.rentAfterDiscounts > 0
      ? Math.round((stay.discountCents * kept) / stay.rentAfterDiscounts)
      : stay.discountCents;
  return {
    grossRent: kept + stay.cleaning + discounts,
    discounts,
    commission: stay.commission,
    cleaning: stay.cleaning,
    netPayout: stay.owner,
  };
}

const isoDay = z.string().refine(isIsoDate, { error: 'Dates must be calendar dates written as YYYY-MM-DD' });

/** GET /api/admin/reports/reconciliation?from=&to= (UTC days, both included). */
export const reconciliationQuerySchema = z.object({ from: isoDay, to: isoDay }).strict();

export const reconciliationResponseSchema = z.object({
  days: z.array(
    z.object({
      date: z.string(),
      processorCharges: z.number(),
      ledgerCharges: z.number(),
      processorRefunds: z.number(),
      ledgerRefunds: z.number(),
      /** Processor net less ledger net; 0 on a day that reconciles. */
      difference: z.number(),
    }),
  ),
  /** Every charge or refund whose amounts differ (dollars). */
  differences: z.array(
    z.object({
      date: z.string(),
      reference: z.string(),
      kind: z.enum(['charge', 'refund']),
      processor: z.number(),
      ledger: z.number(),
    }),
  ),
});

// The company's tax basis, owners' terms and payouts (issue 29) ---------------------

/** GET/PUT /api/admin/settings/tax-basis: when the monthly tax return counts a stay. */
export const taxBasisSettingSchema = z.object({ basis: z.enum(taxBases) }).strict();
export type TaxBasisSetting = z.infer<typeof taxBasisSettingSchema>;

/** An owner's terms: commission in percent of the rent after discounts, and where payouts go. */
export const ownerAccountSchema = z.object({
  owner: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  commissionRate: z.number(),
  payoutDetails: z.string(),
});
export type OwnerAccount = z.infer<typeof ownerAccountSchema>;
export const ownerAccountsResponseSchema = z.array(ownerAccountSchema);

/** PUT /api/admin/owners/{id}/account (admin). */
export const ownerAccountUpdateSchema = z
  .object({
    commissionRate: z
      .number()
      .min(0, { error: 'commissionRate is a percentage from 0 to 100' })
      .max(100, { error: 'commissionRate is a percentage from 0 to 100' })
      .refine((rate) => Math.abs(rate * 100 - Math.round(rate * 100)) < 1e-6, {
        error: 'commissionRate has at most two decimals',
      }),
    payoutDetails: z.string().trim().max(2000, { error: 'payoutDetails is at most 2000 characters' }),
  })
  .strict();
export type OwnerAccountUpdate = z.infer<typeof ownerAccountUpdateSchema>;

export const ownerParamsSchema = z.object({ id: z.uuid({ error: 'id is an owner id (UUID)' }) }).strict();

/** POST /api/admin/owners/{id}/payouts: money paid to an owner, once per idempotency key. */
export const ownerPayoutCreateSchema = z
  .object({
    amount: z
      .number()
      .positive({ error: 'amount must be above zero' })
      .max(1_000_000, { error: 'amount is at most 1,000,000 dollars' })
      .refine((amount) => Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6, {
        error: 'amount has at most two decimals (cents)',
      }),
    date: isoDay,
    memo: z.string().trim().max(500).default(''),
    idempotencyKey: z
      .string()
      .trim()
      .min(8, { error: 'idempotencyKey is 8 to 100 characters' })
      .max(100, { error: 'idempotencyKey is 8 to 100 characters' }),
  })
  .strict();
export type OwnerPayoutCreate = z.input<typeof ownerPayoutCreateSchema>;

// Expenses with receipts (issue 29) -------------------------------------------------

/** Receipts: photos or scans as JPEG, PNG or WebP, or a PDF, checked by their first bytes. */
export const receiptTypes = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type ReceiptType = (typeof receiptTypes)[number];
export const maxReceiptBytes = 10 * 1024 * 1024;

/** POST /api/admin/properties/{id}/expenses: the form fields beside the `receipt` file part. */
export const ownerExpenseFieldsSchema = z
  .object({
    date: isoDay,
    amount: z
      .string()
      .trim()
      .regex(/^\d{1,7}(\.\d{1,2})?$/, { error: 'amount is dollars with at most two decimals, e.g. 125.40' })
      .transform(Number)
      .refine((amount) => amount > 0, { error: 'amount must be above zero' }),
    memo: z.string().trim().min(1, { error: 'memo says what the expense was' }).max(500),
    idempotencyKey: z
      .string()
      .trim()
      .min(8, { error: 'idempotencyKey is 8 to 100 characters' })
      .max(100, { error: 'idempotencyKey is 8 to 100 characters' }),
  })
  .strict();

export const ownerExpenseSchema = z.object({
  id: z.string(),
  propertyId: z.string(),
  ownerId: z.string(),
  date: z.string(),
  amount: z.number(),
  memo: z.string(),
  receiptName: z.string(),
  receiptType: z.enum(receiptTypes),
  receiptUrl: z.string(),
});
export type OwnerExpense = z.infer<typeof ownerExpenseSchema>;
export const ownerExpensesResponseSchema = z.array(ownerExpenseSchema);
