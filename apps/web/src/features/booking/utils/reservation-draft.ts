// The reservation in progress (SPEC.md section 3, "Reservation draft"), kept
// in sessionStorage so a reload, or a visit to another tab of the same
// session, resumes at the step the guest was on. Money fields are the quote's
// dollars as the API sent them; they become cents (toCents) only where they
// are added up or shown.
import {
  addOnCatalogue,
  orderTotalCents,
  reservationSteps,
  toCents,
  type QuoteResponse,
  type SelectedAddOn,
} from '@sas/domain';
import type { ReservationProperty, ReservationStartState, StayGuests } from '@/lib/reservation-state';
import { forgetPaymentIntent } from './saved-payment-intent';

export type ReservationStep = 1 | 2 | 3;

export interface ContactDetails {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
}

export interface ReservationDraft extends ContactDetails {
  /**
   * React Router's key of the history entry that started this reservation.
   * The browser keeps a page's navigation state across a reload, so without
   * it a reload on step 2 would look like a fresh start from the property page.
   */
  startKey: string;
  step: ReservationStep;
  property: ReservationProperty;
  propertyId: string;
  propertyName: string;
  /** Every home is let whole; the original draft carried the field, so it stays. */
  roomType: string;
  checkIn: string;
  checkOut: string;
  guests: StayGuests;
  nights: number;
  /** Dollars, from the latest quote. */
  basePrice: number;
  taxes: number;
  fees: number;
  /** Prices in cents, from the add-on catalogue. */
  addOns: SelectedAddOn[];
}

export const entireHome = 'Entire home';
const storageKey = 'sas:reservation-draft';

export function emptyContact(): ContactDetails {
  // SPEC.md's draft pre-filled sample values; real guests must type their own.
  return { firstName: '', lastName: '', email: '', phoneNumber: '' };
}

/** The quote's prices and dates applied to a draft (a fresh start, or new dates from the inline editor). */
export function withQuote(
  draft: Omit<ReservationDraft, 'nights' | 'basePrice' | 'taxes' | 'fees' | 'checkIn' | 'checkOut'>,
  quote: QuoteResponse,
): ReservationDraft {
  return {
    ...draft,
    checkIn: quote.checkin_date,
    checkOut: quote.checkout_date,
    nights: quote.nights,
    basePrice: quote.basePrice,
    taxes: quote.taxes,
    fees: quote.fees,
  };
}

export function draftFromStart(start: ReservationStartState, startKey: string): ReservationDraft {
  return withQuote(
    {
      startKey,
      step: 1,
      property: start.property,
      propertyId: start.property.id,
      propertyName: start.property.name,
      roomType: entireHome,
      guests: start.stay.guests,
      ...emptyContact(),
      addOns: [],
    },
    // The quote carries the dates it priced, which are the stay's.
    { ...start.quote, checkin_date: start.stay.checkIn, checkout_date: start.stay.checkOut },
  );
}

/** Base price, taxes, fees and add-ons in cents, and their total (SPEC.md section 9). */
export function draftAmounts(draft: Pick<ReservationDraft, 'basePrice' | 'taxes' | 'fees' | 'addOns'>) {
  const basePrice = toCents(draft.basePrice);
  const taxes = toCents(draft.taxes);
  const fees = toCents(draft.fees);
  return {
    basePrice,
    taxes,
    fees,
    total: orderTotalCents({ basePrice, taxes, fees, addOns: draft.addOns }),
  };
}

export function isContactComplete(contact: ContactDetails): boolean {
  return [contact.firstName, contact.lastName, contact.email, contact.phoneNumber].every(
    (value) => value.trim() !== '',
  );
}

export function clampStep(step: number): ReservationStep {
  return Math.min(reservationSteps, Math.max(1, Math.round(step))) as ReservationStep;
}

// Reading back: sessionStorage is writable by anything on the page (and by
// older versions of this code), so a stored draft is checked field by field
// and dropped when it does not fit.

type Fields = Record<string, unknown>;

function isRecord(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasStrings(value: Fields, keys: readonly string[]): boolean {
  return keys.every((key) => typeof value[key] === 'string');
}

function hasNumbers(value: Fields, keys: readonly string[]): boolean {
  return keys.every((key) => typeof value[key] === 'number' && Number.isFinite(value[key]));
}

function isStoredAddOn(value: unknown): value is SelectedAddOn {
  if (!isRecord(value) || !hasNumbers(value, ['id', 'price']) || typeof value.name !== 'string') return false;
  const known = addOnCatalogue.some((addOn) => addOn.id === value.id);
  return known && (value.option === undefined || typeof value.option === 'string');
}

export function isReservationProperty(value: unknown): value is ReservationProperty {
  return (
    isRecord(value) &&
    hasStrings(value, ['id', 'slug', 'name', 'pictureUrl', 'city', 'state']) &&
    hasNumbers(value, ['maxGuests']) &&
    typeof value.petsAllowed === 'boolean'
  );
}

export function isStayGuests(value: unknown): value is StayGuests {
  return isRecord(value) && hasNumbers(value, ['adults', 'children', 'infants', 'pets']);
}

export function isReservationDraft(value: unknown): value is ReservationDraft {
  if (!isRecord(value)) return false;
  const { addOns, step } = value;
  return (
    hasStrings(value, [
      'startKey',
      'propertyId',
      'propertyName',
      'roomType',
      'checkIn',
      'checkOut',
      'firstName',
      'lastName',
      'email',
      'phoneNumber',
    ]) &&
    hasNumbers(value, ['nights', 'basePrice', 'taxes', 'fees']) &&
    (step === 1 || step === 2 || step === 3) &&
    isReservationProperty(value.property) &&
    isStayGuests(value.guests) &&
    Array.isArray(addOns) &&
    addOns.every(isStoredAddOn)
  );
}

export function readDraft(): ReservationDraft | null {
  try {
    const raw = window.sessionStorage.getItem(storageKey);
    if (raw === null) return null;
    const value: unknown = JSON.parse(raw);
    return isReservationDraft(value) ? value : null;
  } catch {
    // Storage disabled, or not JSON: start over rather than fail the page.
    return null;
  }
}

export function saveDraft(draft: ReservationDraft): void {
  try {
    window.sessionStorage.setItem(storageKey, JSON.stringify(draft));
  } catch {
    // Without storage (privacy modes, quota) the flow still works; only a reload loses it.
  }
}

/** Forgets the reservation and the payment intent opened for it. */
export function clearDraft(): void {
  forgetPaymentIntent();
  try {
    window.sessionStorage.removeItem(storageKey);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
