// A returning guest's personal code (issue 26 item 6): after a stay, the
// guest may be offered a single-use code for their own e-mail address, a
// percentage off their next stay, valid for a number of days. The guest
// messages issue sends it; this makes it. The code is an ordinary promotion
// (listed with `personal` in the console API's data, left out of its list),
// so pricing, the limit and the redemptions treat it like any other.
import { isUniqueViolation, promotions, type Database } from '@sas/db';
import { addDays, bookingCodeAlphabet, toCents, todayIn, type IsoDate, type PersonalCodeSettings } from '@sas/domain';
import { randomString } from '../../lib/tokens.js';
import { getReturningGuestOffer } from './admin.js';

export interface PersonalCode {
  id: string;
  code: string;
  percent: number;
  /** The last day it may be used for a booking (the company's calendar). */
  validUntil: IsoDate;
}

export const personalCodePrefix = 'WELCOME-';

/**
 * Creates a single-use code only `email` may use: `settings.percent` off the
 * nights of any home, for bookings made until today + `settings.validDays`.
 */
export async function createPersonalCode(
  db: Database,
  {
    email,
    settings,
    now,
    timeZone = 'America/Denver',
  }: { email: string; settings: PersonalCodeSettings; now: Date; timeZone?: string },
): Promise<PersonalCode> {
  const validUntil = addDays(todayIn(timeZone, now), settings.validDays);
  for (let attempt = 1; ; attempt++) {
    const code = `${personalCodePrefix}${randomString(8, bookingCodeAlphabet)}`;
    try {
      const [row] = await db
        .insert(promotions)
        .values({
          code,
          kind: 'percent',
          value: toCents(settings.percent),
          bookTo: validUntil,
          maxUses: 1,
          maxUsesPerGuest: 1,
          guestEmail: email.trim().toLowerCase(),
        })
        .returning({ id: promotions.id });
      if (!row) throw new Error('The personal code was not inserted');
      return { id: row.id, code, percent: settings.percent, validUntil };
    } catch (err) {
      if (attempt < 5 && isUniqueViolation(err, 'promotions_code_unique')) continue;
      throw err;
    }
  }
}

/**
 * The code a returning guest is offered after a stay, as the console's
 * returning-guest offer says: null while the offer is off. The guest messages
 * (issue 28) call this for the thank-you e-mail.
 */
export async function offerReturningGuestCode(
  db: Database,
  { email, now, timeZone }: { email: string; now: Date; timeZone?: string },
): Promise<PersonalCode | null> {
  const offer = await getReturningGuestOffer(db);
  if (!offer.enabled) return null;
  return createPersonalCode(db, {
    email,
    settings: { percent: offer.percent, validDays: offer.validDays },
    now,
    timeZone,
  });
}
