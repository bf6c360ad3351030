import { describe, it, expect } from 'vitest';
import { addOnCatalogue, resolveAddOns, selectedAddOnSchema } from './add-ons.js';
import { DomainError } from './errors.js';

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  return undefined;
}

describe('addOnCatalogue', () => {
  it('matches the published prices in cents', () => {
    expect(addOnCatalogue.map((a) => [a.id, a.name, a.price])).toEqual([
      [1, 'Housekeeping', 10_000],
      [2, 'Spa Services', 15_000],
      [3, 'Private Chef', 20_000],
      [4, 'Grocery Delivery', 5_000],
      [5, 'Baby Equipment Rental', 7_500],
      [6, 'Guided Tour', 10_000],
    ]);
    expect(addOnCatalogue[0]?.options).toEqual(['Daily', 'Weekly', 'Bi-weekly']);
  });
});

describe('selectedAddOnSchema', () => {
  it('accepts what the reservation form sends', () => {
    expect(
      selectedAddOnSchema.safeParse({ id: 1, name: 'Housekeeping', price: 10_000, option: 'Weekly' }).success,
    ).toBe(true);
    expect(selectedAddOnSchema.safeParse({ id: 3, name: 'Private Chef', price: 20_000 }).success).toBe(true);
  });

  it('rejects a non-integer or missing id', () => {
    expect(selectedAddOnSchema.safeParse({ id: '3', name: 'Private Chef', price: 1 }).success).toBe(false);
    expect(selectedAddOnSchema.safeParse({ id: 1.5, name: 'Private Chef', price: 1 }).success).toBe(false);
    expect(selectedAddOnSchema.safeParse({ name: 'Private Chef', price: 1 }).success).toBe(false);
  });
});

describe('resolveAddOns', () => {
  it('prices from the catalogue, ignoring the client price and name', () => {
    expect(
      resolveAddOns([
        { id: 3, name: 'Free Chef', price: 1, option: undefined },
        { id: 1, option: 'weekly' },
      ] as { id: number; option?: string }[]),
    ).toEqual([
      { id: 3, name: 'Private Chef', price: 20_000 },
      { id: 1, name: 'Housekeeping', price: 10_000, option: 'Weekly' },
    ]);
  });

  it('returns nothing for no add-ons', () => {
    expect(resolveAddOns([])).toEqual([]);
  });

  it('drops an option sent for an add-on that has none', () => {
    expect(resolveAddOns([{ id: 4, option: '' }])).toEqual([{ id: 4, name: 'Grocery Delivery', price: 5_000 }]);
  });

  it('refuses unknown ids, duplicates, and missing or unknown options', () => {
    expect(codeOf(() => resolveAddOns([{ id: 99 }]))).toBe('unknown_add_on');
    expect(codeOf(() => resolveAddOns([{ id: 2 }, { id: 2 }]))).toBe('duplicate_add_on');
    expect(codeOf(() => resolveAddOns([{ id: 1 }]))).toBe('add_on_option_required');
    expect(codeOf(() => resolveAddOns([{ id: 1, option: '  ' }]))).toBe('add_on_option_required');
    expect(codeOf(() => resolveAddOns([{ id: 1, option: 'Hourly' }]))).toBe('invalid_add_on_option');
  });
});
