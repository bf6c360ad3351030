// The rates form's state: text while typed, dollars and nights when sent.
// The server checks the rules (amounts, seasons that overlap, ...) and its
// message is shown; here only what is not a number at all is caught.
import type { AdminRates } from '@sas/domain';

export interface SeasonDraft {
  /** Stable React key of the row; never sent. */
  key: string;
  name: string;
  from: string;
  to: string;
  nightly: string;
  weekendNightly: string;
  minStay: string;
}

export interface RatesDraft {
  baseNightly: string;
  weekendNightly: string;
  cleaningFee: string;
  minStay: string;
  taxRate: string;
  taxName: string;
  seasons: SeasonDraft[];
}

/** Field errors by path: 'baseNightly', 'seasons.2.nightly'. */
export type RatesErrors = Record<string, string>;

let nextKey = 0;
export function seasonKey(): string {
  nextKey += 1;
  return `season-${nextKey}`;
}

export function emptySeason(): SeasonDraft {
  return { key: seasonKey(), name: '', from: '', to: '', nightly: '', weekendNightly: '', minStay: '1' };
}

export function draftOfRates(rates: AdminRates | null): RatesDraft {
  if (rates === null) {
    return {
      baseNightly: '',
      weekendNightly: '',
      cleaningFee: '',
      minStay: '1',
      taxRate: '',
      taxName: '',
      seasons: [],
    };
  }
  return {
    baseNightly: String(rates.baseNightly),
    weekendNightly: String(rates.weekendNightly),
    cleaningFee: String(rates.cleaningFee),
    minStay: String(rates.minStay),
    taxRate: String(rates.taxRate),
    taxName: rates.taxName,
    seasons: rates.seasons.map((s) => ({
      key: seasonKey(),
      name: s.name,
      from: s.from,
      to: s.to,
      nightly: String(s.nightly),
      weekendNightly: String(s.weekendNightly),
      minStay: String(s.minStay),
    })),
  };
}

function readNumber(text: string, whole: boolean): number | null {
  const trimmed = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (trimmed === '') return null;
  const value = Number(trimmed);
  if (!Number.isFinite(value) || (whole && !Number.isInteger(value))) return null;
  return value;
}

/** The rates to send, or the fields that are not numbers. */
export function ratesOf(draft: RatesDraft): { rates: AdminRates | null; errors: RatesErrors } {
  const errors: RatesErrors = {};
  const amount = (path: string, text: string) => {
    const value = readNumber(text, false);
    if (value === null) errors[path] = 'Enter an amount in dollars, e.g. 350 or 349.50.';
    return value ?? 0;
  };
  const nights = (path: string, text: string) => {
    const value = readNumber(text, true);
    if (value === null) errors[path] = 'Enter a whole number of nights.';
    return value ?? 0;
  };
  const taxRate = readNumber(draft.taxRate, false);
  if (taxRate === null) errors.taxRate = 'Enter a percent, e.g. 12.27.';

  const rates: AdminRates = {
    baseNightly: amount('baseNightly', draft.baseNightly),
    weekendNightly: amount('weekendNightly', draft.weekendNightly),
    cleaningFee: amount('cleaningFee', draft.cleaningFee),
    minStay: nights('minStay', draft.minStay),
    taxRate: taxRate ?? 0,
    taxName: draft.taxName,
    seasons: draft.seasons.map((s, index) => ({
      name: s.name,
      from: s.from,
      to: s.to,
      nightly: amount(`seasons.${index}.nightly`, s.nightly),
      weekendNightly: amount(`seasons.${index}.weekendNightly`, s.weekendNightly),
      minStay: nights(`seasons.${index}.minStay`, s.minStay),
    })),
  };
  return Object.keys(errors).length > 0 ? { rates: null, errors } : { rates, errors };
}
