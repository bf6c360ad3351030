// The fingerprint the hostile-requests test trusts to prove nothing changed:
// it must see a changed value, a new row and a removed row, and nothing else.
import { queryRows } from '@sas/db';
import { createSeededTestDatabase } from '@sas/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { snapshotChanges, snapshotDatabase } from './db-snapshot.js';

const { database } = await createSeededTestDatabase();
const { db } = database;
afterAll(() => database.cleanup());

describe('snapshotDatabase', () => {
  it('finds no change between two snapshots of the same rows, read twice', async () => {
    const before = await snapshotDatabase(db);
    expect(Object.keys(before)).toContain('properties');
    expect(before.properties?.rows).toBeGreaterThan(0);
    expect(snapshotChanges(before, await snapshotDatabase(db))).toEqual([]);
  });

  it('sees one value changed in a row, with the same number of rows', async () => {
    await queryRows(db, sql`CREATE TABLE snapshot_values (id int PRIMARY KEY, name text NOT NULL)`);
    await queryRows(db, sql`INSERT INTO snapshot_values VALUES (1, 'Aspen'), (2, 'Birch')`);
    const before = await snapshotDatabase(db);
    await queryRows(db, sql`UPDATE snapshot_values SET name = 'Cedar' WHERE id = 1`);
    expect(snapshotChanges(before, await snapshotDatabase(db))).toEqual([
      'snapshot_values: 2 rows -> 2 rows (rows changed)',
    ]);
    // Put back, the fingerprint is the one before: it depends on the rows, not on where they are stored.
    await queryRows(db, sql`UPDATE snapshot_values SET name = 'Aspen' WHERE id = 1`);
    expect(snapshotChanges(before, await snapshotDatabase(db))).toEqual([]);
  });

  it('sees a row added and a row removed', async () => {
    const before = await snapshotDatabase(db);
    await queryRows(db, sql`CREATE TABLE snapshot_probe (id int PRIMARY KEY)`);
    await queryRows(db, sql`INSERT INTO snapshot_probe VALUES (1)`);
    const added = await snapshotDatabase(db);
    expect(snapshotChanges(before, added)).toEqual(['snapshot_probe: none rows -> 1 rows']);
    await queryRows(db, sql`DELETE FROM snapshot_probe`);
    expect(snapshotChanges(added, await snapshotDatabase(db))).toEqual(['snapshot_probe: 1 rows -> 0 rows']);
  });
});
