// The columns of a home's rate card as every reader of it selects them: the
// pricing snapshot (all homes) and the console's rate card (one home).
import { propertyRates, seasonalRates, taxJurisdictions } from './schema.js';

/** The regular rates with the tax, joined to the home's tax jurisdiction. */
export const regularRateColumns = {
  nightly: propertyRates.nightlyCents,
  weekend: propertyRates.weekendCents,
  cleaningFee: propertyRates.cleaningFeeCents,
  minStay: propertyRates.minStay,
  taxRateBps: taxJurisdictions.rateBps,
  taxName: taxJurisdictions.name,
};

/** A season of the rate card. */
export const seasonColumns = {
  name: seasonalRates.name,
  start: seasonalRates.startDate,
  end: seasonalRates.endDate,
  nightly: seasonalRates.nightlyCents,
  weekend: seasonalRates.weekendCents,
  minStay: seasonalRates.minStay,
};
