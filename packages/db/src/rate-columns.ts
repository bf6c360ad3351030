// The columns of a home's regular rates with its tax, as every reader of the
// rate card selects them, joined to the home's tax jurisdiction: the pricing
// snapshot (all homes) and the console's rate card (one home).
import { propertyRates, taxJurisdictions } from './schema.js';

export const regularRateColumns = {
  nightly: propertyRates.nightlyCents,
  weekend: propertyRates.weekendCents,
  cleaningFee: propertyRates.cleaningFeeCents,
  minStay: propertyRates.minStay,
  taxRateBps: taxJurisdictions.rateBps,
  taxName: taxJurisdictions.name,
};
