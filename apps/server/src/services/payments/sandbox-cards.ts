// How the sandbox processor judges a card: like Stripe in test mode, the
// outcome follows the card number (Stripe's documented test cards), and
// malformed details are refused with the messages a guest would see from a
// real processor. No card data is stored.

export interface TestCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export type CardDecision =
  /** `declinesLater`: the card pays now but, saved, declines every later charge made while the guest is away. */
  { ok: true; declinesLater?: boolean } | { ok: false; code: string; message: string };

export const cardMessages = {
  incorrectNumber: 'Your card number is incorrect.',
  expired: 'Your card has expired.',
  invalidExpiryMonth: "Your card's expiration month is invalid.",
  incorrectCvc: "Your card's security code is incorrect.",
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  processingError: 'An error occurred while processing your card. Try again in a little bit.',
  notATestCard: 'Your card was declined. This is test mode: no real card can be charged. Use 4242 4242 4242 4242.',
} as const;

/** Numbers that pay successfully in Stripe's test mode (one per brand). */
const succeeding = new Set([
  '4242424242424242', // Visa
  '4000056655665556', // Visa debit
  '5555555555554444', // Mastercard
  '2223003122003222', // Mastercard 2-series
  '5200828282828210', // Mastercard debit
  '378282246310005', // American Express
  '6011111111111117', // Discover
  '3056930009020004', // Diners Club
  '3566002020360505', // JCB
  '6200000000000005', // UnionPay
]);

/**
 * Stripe's 4000 0000 0000 0341: it can be saved, but charging it later
 * fails. The sandbox lets it pay while the guest is there and declines the
 * saved card's later charges (installments, deposit holds), to walk a missed
 * payment end to end.
 */
export const declinesLaterCard = '4000000000000341';

/** Numbers that Stripe's test mode declines, with the reason it gives. */
const declining = new Map<string, { code: string; message: string }>([
  ['4000000000000002', { code: 'card_declined', message: cardMessages.declined }],
  ['4000000000009995', { code: 'insufficient_funds', message: cardMessages.insufficientFunds }],
  ['4000000000009987', { code: 'card_declined', message: cardMessages.declined }], // lost card
  ['4000000000009979', { code: 'card_declined', message: cardMessages.declined }], // stolen card
  ['4000000000000069', { code: 'expired_card', message: cardMessages.expired }],
  ['4000000000000127', { code: 'incorrect_cvc', message: cardMessages.incorrectCvc }],
  ['4000000000000119', { code: 'processing_error', message: cardMessages.processingError }],
]);

/** The Luhn checksum every real card number passes. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Two-digit years are this century's, as card forms print them. */
function fullYear(year: number): number {
  return year < 100 ? 2000 + year : year;
}

/**
 * The processor's answer for a card at `now`. Checked in the order a card
 * form reports problems: the number, the expiry, the security code, then
 * what the issuer says.
 */
export function judgeTestCard(card: TestCard, now: Date): CardDecision {
  // People type spaces or dashes between the groups of digits.
  const number = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !passesLuhn(number)) {
    return { ok: false, code: 'incorrect_number', message: cardMessages.incorrectNumber };
  }
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) {
    return { ok: false, code: 'invalid_expiry_month', message: cardMessages.invalidExpiryMonth };
  }
  // A card is valid through the last day of its expiry month.
  const year = fullYear(card.expYear);
  const thisYear = now.getUTCFullYear();
  const thisMonth = now.getUTCMonth() + 1;
  if (year < thisYear || (year === thisYear && card.expMonth < thisMonth)) {
    return { ok: false, code: 'expired_card', message: cardMessages.expired };
  }
  if (!/^\d{3,4}$/.test(card.cvc)) {
    return { ok: false, code: 'incorrect_cvc', message: cardMessages.incorrectCvc };
  }
  const declined = declining.get(number);
  if (declined) return { ok: false, ...declined };
  if (succeeding.has(number)) return { ok: true };
  if (number === declinesLaterCard) return { ok: true, declinesLater: true };
  return { ok: false, code: 'card_declined', message: cardMessages.notATestCard };
}
