// resolvePropertyRef: a home by its UUID, its listing number in any case, its
// slug, or a slug as SPEC.md's literal rule builds it when that names one home.
import { createTestDatabase, insertProperty, type PropertyRow, type TestDatabase } from '@sas/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolvePropertyRef } from './property-ref.js';

let t: TestDatabase;
let skiHome: PropertyRow;
let twinA: PropertyRow;
let twinB: PropertyRow;

beforeAll(async () => {
  t = await createTestDatabase();
  // Our slugify makes "Ski-in/Ski-out" ski-in-ski-out; SPEC.md read literally, ski-inski-out.
  skiHome = await insertProperty(t.db, {
    propertyId: 'SAS-2001',
    slug: 'peak-8-ski-in-ski-out',
    publicName: 'Peak 8 Ski-in/Ski-out',
  });
  // Two homes whose slugs differ only in their dashes: each is found by its
  // own slug, but a variant of both names neither.
  twinA = await insertProperty(t.db, { propertyId: 'SAS-2002', slug: 'lake-view' });
  twinB = await insertProperty(t.db, { propertyId: 'SAS-2003', slug: 'lakeview' });
});

afterAll(async () => {
  await t?.cleanup();
});

const named = (home: PropertyRow) => ({ id: home.id, propertyId: home.propertyId, slug: home.slug });

describe('resolvePropertyRef', () => {
  it('finds a home by its UUID in any case', async () => {
    expect(await resolvePropertyRef(t.db, skiHome.id)).toEqual({ ...named(skiHome), match: 'id' });
    expect(await resolvePropertyRef(t.db, skiHome.id.toUpperCase())).toEqual({ ...named(skiHome), match: 'id' });
    expect(await resolvePropertyRef(t.db, { kind: 'uuid', id: skiHome.id })).toEqual({
      ...named(skiHome),
      match: 'id',
    });
  });

  it('finds a home by its listing number in any case', async () => {
    for (const raw of ['SAS-2001', 'sas-2001', 'Sas-2001', '%20SAS-2001%20']) {
      expect(await resolvePropertyRef(t.db, raw), raw).toEqual({ ...named(skiHome), match: 'propertyId' });
    }
  });

  it('finds a home by its slug, or another spelling of it', async () => {
    for (const raw of ['peak-8-ski-in-ski-out', 'Peak-8-Ski-in-Ski-out', encodeURIComponent('Peak 8 Ski-in/Ski-out')]) {
      expect(await resolvePropertyRef(t.db, raw), raw).toEqual({ ...named(skiHome), match: 'slug' });
    }
  });

  it('finds a home by the slug a literal reading of SPEC.md builds', async () => {
    // "remove punctuation": the slash goes and the words around it join.
    expect(await resolvePropertyRef(t.db, 'peak-8-ski-inski-out')).toEqual({ ...named(skiHome), match: 'variant' });
    expect(await resolvePropertyRef(t.db, 'peak8skiinskiout')).toEqual({ ...named(skiHome), match: 'variant' });
  });

  it('prefers an exact slug, and finds no home by a variant two homes share', async () => {
    expect(await resolvePropertyRef(t.db, 'lake-view')).toEqual({ ...named(twinA), match: 'slug' });
    expect(await resolvePropertyRef(t.db, 'lakeview')).toEqual({ ...named(twinB), match: 'slug' });
    expect(await resolvePropertyRef(t.db, 'la-keview')).toBeNull();
  });

  it('finds nothing for an unknown, empty or near-miss name', async () => {
    for (const raw of [
      'no-such-home',
      '3b241101-e2bb-4255-8caf-4136c566a962',
      '',
      '%20',
      '!!!',
      'SAS-20011',
      'peak-8-ski-in-ski-ou',
      '%E0%A4%A',
    ]) {
      expect(await resolvePropertyRef(t.db, raw), raw).toBeNull();
    }
  });
});
