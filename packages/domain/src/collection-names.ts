// The collections and their labels, apart from the zod contracts in
// catalog.ts: browser code that only needs a name or a title (page titles,
// head metadata) then does not pull the zod runtime into its first download.
export const collectionNames = ['essentials', 'resort', 'luxury', 'michigan'] as const;
type Collection = (typeof collectionNames)[number];

/** Titles shown on /collections/properties, from SPEC.md section 2. */
export const collectionTitles: Record<Collection, string> = {
  essentials: 'Essentials Collection',
  resort: 'Resort Collection',
  luxury: 'Luxury Collection',
  michigan: 'Michigan Collection',
};

/** Tab labels on /collections. */
export const collectionTabLabels: Record<Collection, string> = {
  essentials: 'Essentials',
  resort: 'Resort',
  luxury: 'Luxury',
  michigan: 'Michigan Stays',
};
