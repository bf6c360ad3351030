// The console's search (ADR 040): bookings by code, guest name or e-mail, and
// homes by listing number, name, slug or town, each scoped as the lists are
// (access.ts scopes homes; reservations.ts decides what of a guest an owner
// may find and see).
import { bookings, properties, type Database } from '@sas/db';
import { adminSearchLimit, propertyDisplayName, type AdminSearchResult } from '@sas/domain';
import { and, asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { ConsoleUser } from './access.js';
import { containsPattern, guestNameFor, matchesGuestSearch, visibleHomes } from './reservations.js';

export async function searchConsole(db: Database, user: ConsoleUser, q: string): Promise<AdminSearchResult> {
  const pattern = containsPattern(q);
  const homeScope =
    user.homes === null ? undefined : user.homes.size === 0 ? sql`false` : inArray(properties.id, [...user.homes]);
  const [found, homes] = await Promise.all([
    db
      .select({
        booking: bookings,
        propertyCode: properties.propertyId,
        name: properties.name,
        publicName: properties.publicName,
      })
      .from(bookings)
      .innerJoin(properties, eq(properties.id, bookings.propertyId))
      .where(and(visibleHomes(user, bookings.propertyId), matchesGuestSearch(user, q)))
      // The code typed in full first, then the latest stays.
      .orderBy(desc(sql`${bookings.code} = upper(${q})`), desc(bookings.checkIn), asc(bookings.code))
      .limit(adminSearchLimit),
    db
      .select({
        id: properties.id,
        propertyId: properties.propertyId,
        name: properties.name,
        publicName: properties.publicName,
        published: properties.published,
      })
      .from(properties)
      .where(
        and(
          homeScope,
          or(
            ilike(properties.propertyId, pattern),
            ilike(properties.name, pattern),
            ilike(properties.publicName, pattern),
            ilike(properties.slug, pattern),
            ilike(properties.city, pattern),
          ),
        ),
      )
      .orderBy(asc(properties.propertyId))
      .limit(adminSearchLimit),
  ]);
  return {
    reservations: found.map(({ booking, propertyCode, name, publicName }) => ({
      code: booking.code,
      propertyId: propertyCode,
      propertyName: propertyDisplayName({ public_name: publicName, name }),
      checkIn: booking.checkIn,
      checkOut: booking.checkOut,
      status: booking.status,
      guestName: guestNameFor(user, booking.firstName, booking.lastName),
    })),
    homes: homes.map((home) => ({
      id: home.id,
      propertyId: home.propertyId,
      name: propertyDisplayName({ public_name: home.publicName, name: home.name }),
      published: home.published,
    })),
  };
}
