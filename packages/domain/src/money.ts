// Money is integer cents everywhere (SPEC.md section 9: amount in cents =
// total times 100, rounded); dollars exist only at the edges.
import { formatCount } from './display.js';
import { DomainError } from './errors.js';

function requireCents(value: number, label: string): number {
  if (!Number.isSafeInteger(value))
    throw new DomainError('invalid_amount', `${label} must be whole cents, got ${value}`);
  return value;
}

/**
 * Dollars to cents, rounding half away from zero. The product is first cut to
 * 15 significant digits, which removes binary noise such as 19.99 * 100 =
 * 1998.9999999999998 before rounding.
 */
export function toCents(dollars: number): number {
  if (!Number.isFinite(dollars)) throw new DomainError('invalid_amount', `Not an amount: ${dollars}`);
  const scaled = Number((dollars * 100).toPrecision(15));
  const cents = Math.sign(scaled) * Math.round(Math.abs(scaled));
  // Avoid -0 leaking into JSON or comparisons for tiny negative inputs.
  return cents === 0 ? 0 : cents;
}

export function centsToDollars(cents: number): number {
  return requireCents(cents, 'Amount') / 100;
}

/** "1234.56": an amount for a machine (Google's feeds), without currency sign or grouping. */
export function centsToDecimal(cents: number): string {
  const whole = Math.abs(requireCents(cents, 'Amount'));
  const sign = cents < 0 ? '-' : '';
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

/** "$1,234.56"; negative amounts as "-$5.00". Without Intl, for the reason display.ts gives. */
export function formatUsd(cents: number): string {
  const whole = Math.abs(requireCents(cents, 'Amount'));
  const sign = cents < 0 ? '-' : '';
  return `${sign}$${formatCount(Math.floor(whole / 100))}.${String(whole % 100).padStart(2, '0')}`;
}

/** An amount the API sent in dollars, shown like formatUsd: the one way from the API's dollars to the screen. */
export function formatDollars(dollars: number): string {
  return formatUsd(toCents(dollars));
}

/** Base price spread over the nights, to the cent (SPEC.md section 5). */
export function nightlyPrice(basePriceCents: number, nights: number): number {
  requireCents(basePriceCents, 'Base price');
  if (!Number.isInteger(nights) || nights < 1) {
    throw new DomainError('invalid_nights', `A stay needs at least one night, got ${nights}`);
  }
  return Math.round(basePriceCents / nights);
}

export function sumCents(...amounts: number[]): number {
  return amounts.reduce((total, amount) => total + requireCents(amount, 'Amount'), 0);
}

export interface OrderAmounts {
  basePrice: number;
  /** What discounts took off the nights (issue 26), cents. */
  discount?: number;
  taxes: number;
  fees: number;
  addOns: readonly { price: number }[];
}

/** Total = base price - discounts + taxes + fees + add-on prices (SPEC.md section 9, issue 26), all in cents. */
export function orderTotalCents(order: OrderAmounts): number {
  return (
    sumCents(order.basePrice, order.taxes, order.fees, ...order.addOns.map((addOn) => addOn.price)) -
    requireCents(order.discount ?? 0, 'Discount')
  );
}

/** What a stored booking holds, in cents, to show its price. */
export interface BookedAmounts {
  nights: number;
  baseCents: number;
  /** The discounts the stay was sold with (issue 26), cents; none when absent. */
  discounts?: readonly { name: string; amountCents: number }[];
  feesCents: number;
  taxesCents: number;
  /** The taxes line by line (issue 29), adding up to taxesCents; one "Taxes" line when absent or empty. */
  taxLines?: readonly { name: string; amountCents: number }[];
  addOns: readonly { name: string; option?: string | null; price: number }[];
}

/** A booking's add-ons in dollars, as the trip page and the console show them. */
export function bookedAddOns(booking: Pick<BookedAmounts, 'addOns'>) {
  return booking.addOns.map((addOn) => ({
    name: addOn.name,
    option: addOn.option ?? null,
    price: centsToDollars(addOn.price),
  }));
}

/** A booking's price lines in dollars (nights, each discount as a negative line, cleaning fee, taxes, each add-on); they add up to its total. */
export function bookedPriceLines(booking: BookedAmounts): { label: string; amount: number }[] {
  return [
    {
      label: `${booking.nights} ${booking.nights === 1 ? 'night' : 'nights'}`,
      amount: centsToDollars(booking.baseCents),
    },
    ...(booking.discounts ?? []).map((line) => ({ label: line.name, amount: -centsToDollars(line.amountCents) })),
    { label: 'Cleaning fee', amount: centsToDollars(booking.feesCents) },
    ...(booking.taxLines && booking.taxLines.length > 0
      ? booking.taxLines.map((line) => ({ label: line.name, amount: centsToDollars(line.amountCents) }))
      : [{ label: 'Taxes', amount: centsToDollars(booking.taxesCents) }]),
    ...bookedAddOns(booking).map((addOn) => ({
      label: addOn.option ? `${addOn.name} (${addOn.option})` : addOn.name,
      amount: addOn.price,
    })),
  ];
}
