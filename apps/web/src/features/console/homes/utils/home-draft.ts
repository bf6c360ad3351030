// The home edit form's state and the PATCH it turns into. Inputs hold text
// while being typed; a save sends only the fields that differ from the home
// as the server last answered it (issue 14: PATCH takes any subset).
import {
  isWholeCents,
  maxDepositDollars,
  type AdminProperty,
  type AdminPropertyPatch,
  type CollectionName,
} from '@sas/domain';

export interface AmenityDraft {
  /** Stable React key of the row; never sent. */
  key: string;
  item: string;
  category: string;
}

export interface NearbyPlaceDraft {
  key: string;
  /** Absent for a place added in this form. */
  id?: string | undefined;
  name: string;
  description: string;
  distance: string;
  photoKey: string | null;
}

export interface HomeDraft {
  name: string;
  public_name: string;
  summary: string;
  description: string;
  bedrooms: string;
  bathrooms: string;
  garages: string;
  area: string;
  maxGuests: string;
  city: string;
  state: string;
  country: string;
  timeZone: string;
  lat: string;
  lng: string;
  petsAllowed: boolean;
  collections: CollectionName[];
  amenities: AmenityDraft[];
  nearbyPlaces: NearbyPlaceDraft[];
  bookingWidgetUrl: string;
  matterportUrl: string;
  address: string;
  checkInTime: string;
  arrivalInstructions: string;
  /** Staff and admins only; the field is not drawn when the server left the code out. */
  doorCode: string;
  lodgingLicense: string;
  /** Dollars as typed; 0 for no deposit. */
  depositAmount: string;
  ageRestricted: boolean;
}

/** The number fields of the form, each with how it must be written. */
export const numberFields = {
  bedrooms: 'whole',
  bathrooms: 'decimal',
  garages: 'whole',
  area: 'whole',
  maxGuests: 'whole',
  lat: 'decimal',
  lng: 'decimal',
} as const satisfies Partial<Record<keyof HomeDraft, 'whole' | 'decimal'>>;
export type NumberField = keyof typeof numberFields;

let nextKey = 0;
/** A key for a row, unique in this page. */
export function rowKey(): string {
  nextKey += 1;
  return `row-${nextKey}`;
}

export function draftOf(home: AdminProperty): HomeDraft {
  return {
    name: home.name,
    public_name: home.public_name ?? '',
    summary: home.summary,
    description: home.description,
    bedrooms: String(home.bedrooms),
    bathrooms: String(home.bathrooms),
    garages: String(home.garages),
    area: String(home.area),
    maxGuests: String(home.maxGuests),
    city: home.city,
    state: home.state,
    country: home.country,
    timeZone: home.timeZone,
    lat: String(home.coordinates.lat),
    lng: String(home.coordinates.lng),
    petsAllowed: home.petsAllowed,
    collections: [...home.collections],
    amenities: home.amenities.map((a) => ({ key: rowKey(), item: a.item, category: a.category })),
    nearbyPlaces: home.nearbyPlaces.map((p) => ({
      key: rowKey(),
      id: p.id,
      name: p.name,
      description: p.description,
      distance: p.distance,
      photoKey: p.photoKey,
    })),
    bookingWidgetUrl: home.bookingWidgetUrl ?? '',
    matterportUrl: home.matterportUrl ?? '',
    address: home.address ?? '',
    checkInTime: home.checkInTime ?? '',
    arrivalInstructions: home.arrivalInstructions ?? '',
    doorCode: home.doorCode ?? '',
    lodgingLicense: home.lodgingLicense ?? '',
    depositAmount: Number.isInteger(home.depositAmount) ? String(home.depositAmount) : home.depositAmount.toFixed(2),
    ageRestricted: home.ageRestricted,
  };
}

/** The number typed in a field, or null when it is not one. */
export function parseNumber(text: string, kind: 'whole' | 'decimal'): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return null;
  if (kind === 'whole' && !Number.isInteger(value)) return null;
  return value;
}

/** A deposit as typed ("500", "250.50"), in dollars from 0 to the most allowed, or null when it is not one. */
export function parseDeposit(text: string): number | null {
  const trimmed = text.trim().replace(/^\$/, '');
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return isWholeCents(value) && value <= maxDepositDollars ? value : null;
}

export const depositError = `Enter an amount from 0 to ${maxDepositDollars} dollars, e.g. 500 or 250.50 (0 for no deposit).`;

export type DraftErrors = Partial<Record<NumberField | 'depositAmount', string>>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What a save sends: every field whose value differs from `home`, or the
 * number fields that are not numbers. Amenity rows left blank are dropped
 * rather than refused: an empty row is an unfinished thought, not a name.
 */
export function patchOf(draft: HomeDraft, home: AdminProperty): { patch: AdminPropertyPatch; errors: DraftErrors } {
  const errors: DraftErrors = {};
  const numbers: Partial<Record<NumberField, number>> = {};
  for (const [field, kind] of Object.entries(numberFields) as [NumberField, 'whole' | 'decimal'][]) {
    const value = parseNumber(draft[field], kind);
    if (value === null) errors[field] = kind === 'whole' ? 'Enter a whole number.' : 'Enter a number.';
    else numbers[field] = value;
  }
  const deposit = parseDeposit(draft.depositAmount);
  if (deposit === null) errors.depositAmount = depositError;
  const patch: AdminPropertyPatch = {};
  if (Object.keys(errors).length > 0) return { patch, errors };

  const setIfChanged = <K extends keyof AdminPropertyPatch>(key: K, value: AdminPropertyPatch[K], current: unknown) => {
    if (!same(value, current)) patch[key] = value;
  };
  setIfChanged('name', draft.name, home.name);
  setIfChanged('public_name', draft.public_name.trim() === '' ? null : draft.public_name, home.public_name);
  setIfChanged('summary', draft.summary, home.summary);
  setIfChanged('description', draft.description, home.description);
  setIfChanged('bedrooms', numbers.bedrooms, home.bedrooms);
  setIfChanged('bathrooms', numbers.bathrooms, home.bathrooms);
  setIfChanged('garages', numbers.garages, home.garages);
  setIfChanged('area', numbers.area, home.area);
  setIfChanged('maxGuests', numbers.maxGuests, home.maxGuests);
  setIfChanged('city', draft.city, home.city);
  setIfChanged('state', draft.state, home.state);
  setIfChanged('country', draft.country, home.country);
  setIfChanged('timeZone', draft.timeZone, home.timeZone);
  setIfChanged('coordinates', { lat: numbers.lat ?? 0, lng: numbers.lng ?? 0 }, home.coordinates);
  setIfChanged('petsAllowed', draft.petsAllowed, home.petsAllowed);
  if (!same([...draft.collections].sort(), [...home.collections].sort())) patch.collections = draft.collections;
  setIfChanged(
    'amenities',
    draft.amenities.filter((a) => a.item.trim() !== '').map(({ item, category }) => ({ item, category })),
    home.amenities.map(({ item, category }) => ({ item, category })),
  );
  const places = draft.nearbyPlaces.map(({ id, name, description, distance, photoKey }) =>
    id === undefined ? { name, description, distance, photoKey } : { id, name, description, distance, photoKey },
  );
  setIfChanged(
    'nearbyPlaces',
    places,
    home.nearbyPlaces.map(({ id, name, description, distance, photoKey }) => ({
      id,
      name,
      description,
      distance,
      photoKey,
    })),
  );
  setIfChanged(
    'bookingWidgetUrl',
    draft.bookingWidgetUrl.trim() === '' ? null : draft.bookingWidgetUrl,
    home.bookingWidgetUrl,
  );
  setIfChanged('matterportUrl', draft.matterportUrl.trim() === '' ? null : draft.matterportUrl, home.matterportUrl);
  for (const key of ['address', 'checkInTime', 'arrivalInstructions', 'lodgingLicense'] as const) {
    setIfChanged(key, draft[key].trim() === '' ? null : draft[key].trim(), home[key]);
  }
  // Only who was shown the door code can change it.
  if (home.doorCode !== undefined) {
    setIfChanged('doorCode', draft.doorCode.trim() === '' ? null : draft.doorCode.trim(), home.doorCode);
  }
  setIfChanged('depositAmount', deposit ?? 0, home.depositAmount);
  setIfChanged('ageRestricted', draft.ageRestricted, home.ageRestricted);
  return { patch, errors };
}
