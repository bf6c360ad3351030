import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, properties, queryRows } from './index.js';
import { buildProperty, createTestDatabase, insertProperty } from './testing.js';

describe('createTestDatabase', () => {
  it('gives every caller its own empty, migrated database', async () => {
    const [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    try {
      await insertProperty(a.db);
      const [inA] = await a.db.select({ n: count() }).from(properties);
      const [inB] = await b.db.select({ n: count() }).from(properties);
      expect([inA?.n, inB?.n]).toEqual([1, 0]);
    } finally {
      await Promise.all([a.cleanup(), b.cleanup()]);
    }
  });

  it('may be closed before cleanup', async () => {
    const t = await createTestDatabase();
    await t.close();
    await expect(t.cleanup()).resolves.toBeUndefined();
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('drops its server database on cleanup', async () => {
    const t = await createTestDatabase();
    const [row] = await queryRows<{ name: string }>(t.db, sql`SELECT current_database() AS name`);
    const name = row?.name;
    expect(name).toMatch(/^sas_t_/);
    await t.cleanup();
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const { rows } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      expect(rows).toHaveLength(0);
    } finally {
      await admin.end();
    }
  });
});

describe('factories', () => {
  it('build valid homes with unique slugs and listing numbers', () => {
    const a = buildProperty();
    const b = buildProperty({ bedrooms: 5 });
    expect(a.slug).not.toBe(b.slug);
    expect(a.propertyId).not.toBe(b.propertyId);
    expect(a.id).not.toBe(b.id);
    expect(b.bedrooms).toBe(5);
  });
});

describe('openDatabase with a data directory', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });

  it('keeps the embedded database in DATA_DIR/pglite across restarts', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sas-data-'));
    dirs.push(dataDir);
    const first = await openDatabase({ dataDir });
    expect(first.kind).toBe('pglite');
    const home = await insertProperty(first.db);
    await first.close();
    expect(await readdir(dataDir)).toEqual(['pglite']);

    const second = await openDatabase({ dataDir });
    try {
      const rows = await second.db.select({ slug: properties.slug }).from(properties);
      expect(rows).toEqual([{ slug: home.slug }]);
    } finally {
      await second.close();
    }
  });
});
