// Paid add-ons of the reservation flow (SPEC.md section 3). The browser sends
// what the guest ticked; the server re-prices it here so a tampered request
// cannot change what is charged.
import { z } from 'zod';
import { DomainError } from './errors.js';

export interface AddOn {
  id: number;
  name: string;
  /** Cents. */
  price: number;
  /** Choices the guest must pick one of; empty when there is nothing to choose. */
  options: readonly string[];
}

export const addOnCatalogue: readonly AddOn[] = [
  { id: 1, name: 'Housekeeping', price: 100_00, options: ['Daily', 'Weekly', 'Bi-weekly'] },
  { id: 2, name: 'Spa Services', price: 150_00, options: [] },
  { id: 3, name: 'Private Chef', price: 200_00, options: [] },
  { id: 4, name: 'Grocery Delivery', price: 50_00, options: [] },
  { id: 5, name: 'Baby Equipment Rental', price: 75_00, options: [] },
  { id: 6, name: 'Guided Tour', price: 100_00, options: [] },
];

export const selectedAddOnSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  /** Cents, as displayed to the guest; ignored when pricing. */
  price: z.number(),
  option: z.string().optional(),
  /** The day of the stay and time (home's clock) the guest chose; the server defaults and checks them. */
  date: z.string().optional(),
  time: z.string().optional(),
});
export type SelectedAddOn = z.infer<typeof selectedAddOnSchema>;

export interface ResolvedAddOn {
  id: number;
  name: string;
  /** Cents, from the catalogue. */
  price: number;
  option?: string;
}

export function findAddOn(id: number): AddOn | undefined {
  return addOnCatalogue.find((addOn) => addOn.id === id);
}

/**
 * Catalogue names and prices for the add-ons a guest picked. Only the id and
 * option are taken from the request. An add-on with options needs one of them
 * (matched case-insensitively, returned in catalogue spelling); an option sent
 * for an add-on without options is dropped, as the browser may send an empty
 * one. Picking the same add-on twice is refused rather than charged twice.
 */
export function resolveAddOns(selected: readonly Pick<SelectedAddOn, 'id' | 'option'>[]): ResolvedAddOn[] {
  const seen = new Set<number>();
  return selected.map(({ id, option }) => {
    const addOn = findAddOn(id);
    if (!addOn) throw new DomainError('unknown_add_on', `Unknown add-on: ${id}`);
    if (seen.has(id)) throw new DomainError('duplicate_add_on', `${addOn.name} was selected more than once`);
    seen.add(id);

    if (addOn.options.length === 0) return { id, name: addOn.name, price: addOn.price };

    const wanted = option?.trim().toLowerCase() ?? '';
    if (wanted === '') {
      throw new DomainError('add_on_option_required', `Choose ${addOn.options.join(', ')} for ${addOn.name}`);
    }
    const chosen = addOn.options.find((o) => o.toLowerCase() === wanted);
    if (chosen === undefined) {
      throw new DomainError(
        'invalid_add_on_option',
        `${addOn.name} can be ${addOn.options.join(', ')}, not ${option ?? ''}`,
      );
    }
    return { id, name: addOn.name, price: addOn.price, option: chosen };
  });
}
