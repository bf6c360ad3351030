// Rates of the seeded homes: a regular nightly and weekend rate, a cleaning
// fee and a minimum stay per home, dated seasons from last year to five years
// ahead of the seeding year, and the two tax jurisdictions. Numbers are plausible seed data for a demo, not a price
// list, and the tax rates are not legal or tax advice.
import { createRandom } from '@sas/demo-media';
import type { CollectionName, propertyRates, propertyTaxLines, seasonalRates, taxJurisdictions } from '../schema.js';
import type { Region } from './areas.js';
import type { HomeSeed } from './homes.js';
import { seedUuid } from './seed-uuid.js';

type TaxJurisdictionRow = typeof taxJurisdictions.$inferInsert;
type PropertyRatesRow = typeof propertyRates.$inferInsert;
type SeasonalRateRow = typeof seasonalRates.$inferInsert;
type TaxLineRow = typeof propertyTaxLines.$inferInsert;

export const seedTaxJurisdictions = [
  { id: 'co-breckenridge', name: 'Breckenridge, CO lodging and sales tax', rateBps: 1227 },
  { id: 'mi-lakeshore', name: 'Michigan lakeshore lodging and use tax', rateBps: 1100 },
] as const satisfies readonly TaxJurisdictionRow[];

/**
 * DEMO VALUES, to be checked by the company's accountant before any real
 * filing (issue 29): the lodging taxes each home collects, by the authority
 * it is filed with. Plausible lines for Summit County / Breckenridge and for
 * Michigan's lakeshore, chosen so that each region's lines add up to its
 * combined rate above (12.27% and 11%): a demo quote costs what it did
 * before the lines, except stays of 30 nights or more, which the state and
 * local lodging taxes exempt. Cleaning is taxed as part of the lodging;
 * add-ons are not.
 */
export const seedTaxLines: Record<Region, readonly Omit<TaxLineRow, 'propertyId' | 'position'>[]> = {
  mountain: [
    { name: 'State sales tax', jurisdiction: 'State of Colorado', rateBps: 290, cleaningTaxable: true, addOnsTaxable: false, exemptFromNights: 30 },
    { name: 'County sales tax', jurisdiction: 'Summit County', rateBps: 200, cleaningTaxable: true, addOnsTaxable: false, exemptFromNights: 30 },
    { name: 'Mass transit tax', jurisdiction: 'Summit County', rateBps: 75, cleaningTaxable: true, addOnsTaxable: false, exemptFromNights: 30 },
    { name: 'Housing authority tax', jurisdiction: 'Summit County', rateBps: 72, cleaningTaxable: true, addOnsTaxable: false, exemptFromNights: 30 },
    { name: 'Town sales tax', jurisdiction: 'Town of Breckenridge', rateBps: 250, cleaningTaxable: true, addOnsTaxable: false, exemptFromNights: 30 },
    { name: 'Accommodation tax', jurisdiction: 'Town of Breckenridge', rateBps: 340, cleaningTaxable: true, addOnsTaxable: false, exemptFromNights: 30 },
  ],
  lake: [
    { name: 'State use tax', jurisdiction: 'State of Michigan', rateBps: 600, cleaningTaxable: true, addOnsTaxable: false, exemptFromNights: 30 },
    { name: 'Local lodging assessment', jurisdiction: 'Lakeshore convention and visitors bureau', rateBps: 500, cleaningTaxable: true, addOnsTaxable: false, exemptFromNights: 30 },
  ],
};

const jurisdictionOf: Record<Region, (typeof seedTaxJurisdictions)[number]['id']> = { mountain: 'co-breckenridge', lake: 'mi-lakeshore' };

/** Calendar years that get dated seasons; the winter running into the first year is included. */
export interface SeasonYears {
  first: number;
  last: number;
}

/**
 * The season years of a seed written at `now`: last year (so a stay under way
 * is priced by its season) to five years ahead (the booking horizon and more),
 * by the UTC calendar year. The same year always gives the same seasons.
 */
export function seasonYearsAt(now: Date): SeasonYears {
  const year = now.getUTCFullYear();
  return { first: year - 1, last: year + 5 };
}

/** Dollars: base + perBedroom x bedrooms, and the same for the cleaning fee. */
interface Tier {
  base: number;
  perBedroom: number;
  cleaning: number;
  cleaningPerBedroom: number;
  minStay: number;
}

const tiers: Record<CollectionName, Tier> = {
  essentials: { base: 120, perBedroom: 55, cleaning: 85, cleaningPerBedroom: 30, minStay: 1 },
  resort: { base: 170, perBedroom: 80, cleaning: 110, cleaningPerBedroom: 35, minStay: 2 },
  luxury: { base: 300, perBedroom: 150, cleaning: 200, cleaningPerBedroom: 50, minStay: 3 },
  michigan: { base: 110, perBedroom: 65, cleaning: 95, cleaningPerBedroom: 30, minStay: 2 },
};

/** A home in two collections is priced as the more upmarket one. */
function tierOf(home: HomeSeed): Tier {
  for (const name of ['luxury', 'resort', 'michigan', 'essentials'] as const) if (home.collections.includes(name)) return tiers[name];
  throw new Error(`${home.code}: no collection to price it by`);
}

/** Whole dollars rounded to $5, as cents. */
function toCents5(dollars: number): number {
  return Math.round(dollars / 5) * 5 * 100;
}

interface SeasonPlan {
  name: string;
  start: string;
  end: string;
  /** Multiplier on the regular nightly and weekend rates. */
  factor: number;
  minStay: number;
}

/** Mountain winters: Dec 1 to Apr 1 with Christmas and New Year cut out as their own, pricier season. */
function winter(year: number): SeasonPlan[] {
  return [
    { name: 'Ski season', start: `${year}-12-01`, end: `${year}-12-20`, factor: 1.6, minStay: 3 },
    { name: 'Christmas & New Year', start: `${year}-12-20`, end: `${year + 1}-01-03`, factor: 2.2, minStay: 4 },
    { name: 'Ski season', start: `${year + 1}-01-03`, end: `${year + 1}-04-01`, factor: 1.6, minStay: 3 },
  ];
}

function summer(year: number, region: Region): SeasonPlan {
  return region === 'mountain'
    ? { name: 'Summer', start: `${year}-06-01`, end: `${year}-09-01`, factor: 1.3, minStay: 2 }
    : { name: 'Summer', start: `${year}-06-01`, end: `${year}-09-01`, factor: 1.5, minStay: 3 };
}

function seasonPlans(region: Region, years: SeasonYears): SeasonPlan[] {
  const plans: SeasonPlan[] = [];
  for (let year = years.first - 1; year <= years.last; year++) {
    if (year >= years.first) plans.push(summer(year, region));
    if (region === 'mountain') plans.push(...winter(year));
  }
  // Dates compare as strings; a season that ends before the first year is left out.
  return plans.filter((p) => p.end > `${years.first}-01-01`).sort((a, b) => a.start.localeCompare(b.start));
}

export interface SeedRates {
  rates: PropertyRatesRow;
  seasons: SeasonalRateRow[];
  taxLines: TaxLineRow[];
}

export function ratesFor(home: HomeSeed, region: Region, propertyId: string, years: SeasonYears): SeedRates {
  // Its own stream, so adding rates did not change the photos or reviews drawn from the home's.
  const rng = createRandom(`rates:${home.code}`);
  const tier = tierOf(home);
  const nightly = tier.base + tier.perBedroom * home.bedrooms + rng.int(0, 6) * 5;
  const weekend = nightly * 1.2;
  const cleaning = tier.cleaning + tier.cleaningPerBedroom * home.bedrooms + (home.pets ? 25 : 0);
  const rates: PropertyRatesRow = {
    propertyId,
    nightlyCents: toCents5(nightly),
    weekendCents: toCents5(weekend),
    cleaningFeeCents: toCents5(cleaning),
    minStay: tier.minStay,
    taxJurisdictionId: jurisdictionOf[region],
  };
  const seasons = seasonPlans(region, years).map(
    (plan): SeasonalRateRow => ({
      id: seedUuid(`season:${home.code}:${plan.start}`),
      propertyId,
      name: plan.name,
      startDate: plan.start,
      endDate: plan.end,
      nightlyCents: toCents5(nightly * plan.factor),
      weekendCents: toCents5(weekend * plan.factor),
      minStay: Math.max(plan.minStay, tier.minStay),
    }),
  );
  const taxLines = seedTaxLines[region].map((line, position) => ({ ...line, propertyId, position }));
  return { rates, seasons, taxLines };
}
