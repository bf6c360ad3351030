// The one place a reference to a home is resolved. Every route taking a home
// (details, nearby places, quote, calendar, block dates, payment intents and
// the server-rendered /property/{x} page) accepts any of its three names:
//
//   - its UUID `id`;
//   - its canonical `slug`, or another spelling of it that slugify turns into
//     the slug ("Bears-Den", a pasted name);
//   - its listing number `propertyId` (SAS-1006), in any letter case;
//
// and a slug as a client applying SPEC.md's rule literally builds it
// ("remove punctuation": `ski-inski-out` for our `ski-in-ski-out`), matched
// on letters and digits only when that names exactly one home.
import { properties, type Queryable } from '@sas/db';
import { officeTimeZone, parsePropertyRef, slugVariantKey, type PropertyRef } from '@sas/domain';
import { eq, or, sql } from 'drizzle-orm';

/** How a reference named its home, best match first. */
export type PropertyMatch = 'id' | 'slug' | 'propertyId' | 'variant';

export interface ResolvedProperty {
  /** The UUID every table refers to the home by. */
  id: string;
  propertyId: string;
  /** The canonical slug: /property/{slug} is the home's URL. */
  slug: string;
  match: PropertyMatch;
}

/**
 * The home `reference` names, or null when it names none (an unknown name, or
 * a literal-rule variant two homes share). `reference` is a raw route or body
 * value (decoded here, as parsePropertyRef does) or an already parsed ref.
 *
 * A name is tried, in order, as a canonical slug, as a listing number (lower
 * case, as parsePropertyRef leaves it) and as a slug variant: the answer is a
 * pure function of the name's slug form, so callers may cache it under that.
 */
export async function resolvePropertyRef(
  db: Queryable,
  reference: string | PropertyRef,
): Promise<ResolvedProperty | null> {
  const ref = typeof reference === 'string' ? parsePropertyRef(reference) : reference;
  const columns = { id: properties.id, propertyId: properties.propertyId, slug: properties.slug };

  if (ref.kind === 'uuid') {
    const [row] = await db.select(columns).from(properties).where(eq(properties.id, ref.id)).limit(1);
    return row ? { ...row, match: 'id' } : null;
  }

  // A parameter made only of punctuation names no home.
  if (ref.slug === '') return null;
  const key = slugVariantKey(ref.slug);
  // Every candidate in one query: the slug and the listing number are unique,
  // and only homes sharing the variant key come back besides, a handful at most.
  const rows = await db
    .select(columns)
    .from(properties)
    .where(
      or(
        eq(properties.slug, ref.slug),
        sql`lower(${properties.propertyId}) = ${ref.slug}`,
        sql`replace(${properties.slug}, '-', '') = ${key}`,
      ),
    );

  return pickPropertyMatch(rows, ref.slug);
}

/** The name columns of a home: what a reference is matched against. */
export type PropertyNames = Omit<ResolvedProperty, 'match'>;

/**
 * Which of `candidates` the slug form `slug` names, by the rules above:
 * the home with that canonical slug, else the one with that listing number,
 * else the only one with that literal-rule variant; null when none or two.
 * `candidates` must hold every home that could match (those with the slug,
 * the listing number or the variant key), and may hold others. Shared by the
 * database lookup and the in-memory one of the rate tables, so both resolve
 * every name alike.
 */
export function pickPropertyMatch<T extends PropertyNames>(
  candidates: readonly T[],
  slug: string,
): (T & { match: PropertyMatch }) | null {
  if (slug === '') return null;
  const bySlug = candidates.find((row) => row.slug === slug);
  if (bySlug) return { ...bySlug, match: 'slug' };
  const byPropertyId = candidates.find((row) => row.propertyId.toLowerCase() === slug);
  if (byPropertyId) return { ...byPropertyId, match: 'propertyId' };
  const key = slugVariantKey(slug);
  const variants = candidates.filter((row) => slugVariantKey(row.slug) === key);
  const [only] = variants;
  return variants.length === 1 && only ? { ...only, match: 'variant' } : null;
}

/**
 * A home's time zone, by UUID: its calendar and its deadlines (DESIGN.md:
 * a stay's dates are in the home's own zone); the office's when the home is gone.
 */
export async function homeTimeZone(db: Queryable, propertyId: string): Promise<string> {
  const [home] = await db
    .select({ timeZone: properties.timeZone })
    .from(properties)
    .where(eq(properties.id, propertyId));
  return home?.timeZone ?? officeTimeZone;
}
