// Homes in the console (issue 14 section 2): every home, published or not,
// as staff edit it, and the one way a home's fields change. Publishing is a
// change of `published` like any other; the public catalogue hides
// unpublished homes (services/catalog.ts, rate-tables.ts), and the cache
// triggers carry every change to every process (ADR 018).
import { randomUUID } from 'node:crypto';
import {
  nearbyPlaces,
  properties,
  propertyCollections,
  type Database,
  type Queryable,
  type Transaction,
} from '@sas/db';
import {
  centsToDollars,
  DomainError,
  toCents,
  type AdminNearbyPlace,
  type AdminProperty,
  type AdminPropertyChanges,
  type CollectionName,
  homeNotFoundMessage,
} from '@sas/domain';
import { and, asc, eq, inArray, max, notInArray, sql } from 'drizzle-orm';
import { readAll } from '../../lib/in-order.js';
import { findPropertiesByIds } from '../catalog.js';
import type { ResolvedProperty } from '../property-ref.js';
import { findVisibleHome, type ConsoleUser } from './access.js';
import { recordAudit } from './audit.js';
import { toAdminPhoto } from './photos.js';

/** findVisibleHome, or a not_found DomainError thrown. */
export async function requireConsoleHome(db: Queryable, user: ConsoleUser, ref: string): Promise<ResolvedProperty> {
  const home = await findVisibleHome(db, user, ref);
  if (!home) throw new DomainError('not_found', homeNotFoundMessage);
  return home;
}

/** Whether this console user may read and change a home's door code: staff and admins, never owners. */
export function seesDoorCodes(user: Pick<ConsoleUser, 'role'>): boolean {
  return user.role === 'staff' || user.role === 'admin';
}

/**
 * Homes as the console shows them (published or not), in the order of `ids`;
 * unknown ids left out. The door code only `withDoorCode` (staff and admins).
 */
async function loadAdminProperties(
  db: Database,
  ids: readonly string[],
  { withDoorCode }: { withDoorCode: boolean },
): Promise<AdminProperty[]> {
  if (ids.length === 0) return [];
  // Read inside a change's transaction too (updateAdminProperty): readAll.
  const [details, rows, places] = await readAll(db, [
    () => findPropertiesByIds(db, ids, { includeUnpublished: true }),
    () =>
      db
        .select({
          id: properties.id,
          published: properties.published,
          updatedAt: properties.updatedAt,
          images: properties.images,
          address: properties.address,
          checkInTime: properties.checkInTime,
          arrivalInstructions: properties.arrivalInstructions,
          doorCode: properties.doorCode,
          lodgingLicense: properties.lodgingLicense,
          depositCents: properties.depositCents,
          ageRestricted: properties.ageRestricted,
        })
        .from(properties)
        .where(inArray(properties.id, [...ids])),
    () =>
      db
        .select()
        .from(nearbyPlaces)
        .where(inArray(nearbyPlaces.propertyId, [...ids]))
        .orderBy(asc(nearbyPlaces.position), asc(nearbyPlaces.id)),
  ]);
  const rowOf = new Map(rows.map((row) => [row.id, row]));
  const homes: AdminProperty[] = [];
  for (const id of ids) {
    const home = details.get(id);
    const row = rowOf.get(id);
    if (!home || !row) continue;
    const { reviewsData: _reviews, photos: _photos, nearbyPlaces: publicPlaces, ...rest } = home;
    const urls = new Map(publicPlaces.map((place) => [place.id, place.photoUrl]));
    homes.push({
      ...rest,
      published: row.published,
      address: row.address,
      checkInTime: row.checkInTime,
      arrivalInstructions: row.arrivalInstructions,
      ...(withDoorCode ? { doorCode: row.doorCode } : {}),
      lodgingLicense: row.lodgingLicense,
      depositAmount: centsToDollars(row.depositCents),
      ageRestricted: row.ageRestricted,
      updatedAt: row.updatedAt.toISOString(),
      photos: row.images.map((image) => toAdminPhoto(id, image)),
      nearbyPlaces: places
        .filter((place) => place.propertyId === id)
        .map((place): AdminNearbyPlace => ({
          id: place.id,
          name: place.name,
          description: place.description,
          distance: place.distance,
          photoUrl: urls.get(place.id) ?? null,
          photoKey: place.photoKey,
        })),
    });
  }
  return homes;
}

/** A home as the console shows it to `user` (published or not); null when there is none. */
export async function loadAdminProperty(
  db: Database,
  id: string,
  user: Pick<ConsoleUser, 'role'>,
): Promise<AdminProperty | null> {
  const [home] = await loadAdminProperties(db, [id], { withDoorCode: seesDoorCodes(user) });
  return home ?? null;
}

/** The homes this user may see, by listing number: all of them for staff and admins, their own for an owner. */
export async function listAdminProperties(db: Database, user: ConsoleUser): Promise<AdminProperty[]> {
  if (user.homes !== null && user.homes.size === 0) return [];
  const rows = await db
    .select({ id: properties.id })
    .from(properties)
    .where(user.homes === null ? undefined : inArray(properties.id, [...user.homes]))
    .orderBy(asc(properties.propertyId));
  return loadAdminProperties(
    db,
    rows.map((row) => row.id),
    { withDoorCode: seesDoorCodes(user) },
  );
}

/** Whether the home is published; null when there is none. */
export async function isPublished(db: Queryable, id: string): Promise<boolean | null> {
  const [row] = await db.select({ published: properties.published }).from(properties).where(eq(properties.id, id));
  return row?.published ?? null;
}

/** What the audit log keeps of a door code: that there is one, never the code. */
export const doorCodeInAudit = '(set)';

/** Only the fields a change touched, for the audit entry's before and after; a door code masked. */
function pick(home: AdminProperty, keys: readonly string[]): Record<string, unknown> {
  const record = home as unknown as Record<string, unknown>;
  return Object.fromEntries(
    keys.map((key) => [key, key === 'doorCode' && record[key] ? doorCodeInAudit : record[key]]),
  );
}

/** The home's collections become `wanted`; a home joining a collection goes to its end. */
async function replaceCollections(tx: Transaction, id: string, wanted: readonly CollectionName[]): Promise<void> {
  await tx
    .delete(propertyCollections)
    .where(
      wanted.length === 0
        ? eq(propertyCollections.propertyId, id)
        : and(eq(propertyCollections.propertyId, id), notInArray(propertyCollections.collection, [...wanted])),
    );
  const current = await tx
    .select({ collection: propertyCollections.collection })
    .from(propertyCollections)
    .where(eq(propertyCollections.propertyId, id));
  const have = new Set(current.map((row) => row.collection));
  for (const collection of wanted) {
    if (have.has(collection)) continue;
    const [last] = await tx
      .select({ position: max(propertyCollections.position) })
      .from(propertyCollections)
      .where(eq(propertyCollections.collection, collection));
    await tx.insert(propertyCollections).values({ propertyId: id, collection, position: (last?.position ?? -1) + 1 });
  }
}

/** The home's nearby places become `places`, in that order; a place with an id must be one of this home's. */
async function replaceNearbyPlaces(
  tx: Transaction,
  id: string,
  places: NonNullable<AdminPropertyChanges['nearbyPlaces']>,
): Promise<void> {
  const existing = await tx.select({ id: nearbyPlaces.id }).from(nearbyPlaces).where(eq(nearbyPlaces.propertyId, id));
  const known = new Set(existing.map((row) => row.id));
  const kept = new Set<string>();
  for (const place of places) {
    if (place.id === undefined) continue;
    if (!known.has(place.id)) throw new DomainError('invalid', `Nearby place ${place.id} is not one of this home's`);
    if (kept.has(place.id)) throw new DomainError('invalid', `Nearby place ${place.id} is listed twice`);
    kept.add(place.id);
  }
  const removed = [...known].filter((placeId) => !kept.has(placeId));
  if (removed.length > 0) await tx.delete(nearbyPlaces).where(inArray(nearbyPlaces.id, removed));
  for (const [position, place] of places.entries()) {
    const values = {
      name: place.name,
      description: place.description,
      distance: place.distance,
      photoKey: place.photoKey,
      position,
    };
    if (place.id === undefined) {
      await tx.insert(nearbyPlaces).values({ id: randomUUID(), propertyId: id, ...values });
    } else {
      await tx.update(nearbyPlaces).set(values).where(eq(nearbyPlaces.id, place.id));
    }
  }
}

/**
 * Applies a console PATCH to a home in one transaction with its audit entry
 * (the changed fields before and after), and answers the home as now stored.
 */
export async function updateAdminProperty(
  db: Database,
  user: ConsoleUser,
  id: string,
  changes: AdminPropertyChanges,
): Promise<AdminProperty> {
  const { collections, nearbyPlaces: places, coordinates, public_name, depositAmount, ...columns } = changes;
  await db.transaction(async (tx) => {
    // Two edits of one home at once: the second waits, so each audit entry's "before" is what it changed.
    const [locked] = await tx.select({ id: properties.id }).from(properties).where(eq(properties.id, id)).for('update');
    const before = locked ? await loadAdminProperty(tx, id, user) : null;
    if (!before) throw new DomainError('not_found', homeNotFoundMessage);
    await tx
      .update(properties)
      .set({
        ...columns,
        ...(public_name !== undefined ? { publicName: public_name === '' ? null : public_name } : {}),
        ...(coordinates ? { latitude: coordinates.lat, longitude: coordinates.lng } : {}),
        // Dollars at the edge, cents stored (the contract checked whole cents and the range).
        ...(depositAmount !== undefined ? { depositCents: toCents(depositAmount) } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(properties.id, id));
    if (collections) await replaceCollections(tx, id, collections);
    if (places) await replaceNearbyPlaces(tx, id, places);
    const after = await loadAdminProperty(tx, id, user);
    if (!after) throw new DomainError('not_found', homeNotFoundMessage);
    const keys = Object.keys(changes);
    await recordAudit(tx, user, {
      action: 'property.update',
      entity: 'property',
      entityId: id,
      before: pick(before, keys),
      after: pick(after, keys),
    });
  });
  const after = await loadAdminProperty(db, id, user);
  if (!after) throw new DomainError('not_found', homeNotFoundMessage);
  return after;
}
