// A fingerprint of every table of a test database: row count and a checksum
// of the rows, to prove a batch of requests changed nothing.
import { queryRows, type Database } from '@sas/db';
import { sql } from 'drizzle-orm';

export type DatabaseSnapshot = Record<string, { rows: number; checksum: string }>;

export async function snapshotDatabase(db: Database): Promise<DatabaseSnapshot> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  if (tables.length === 0) return {};
  // One query for every table, and a checksum that needs no sort: the sum of
  // each row's 64-bit hash (as numeric, so it cannot overflow). The sorted md5
  // of every table's rows, one query per table, made the hostile-requests test
  // (two snapshots per route) a minute long on PGlite.
  const rows = await queryRows<{ name: string; rows: number; checksum: string }>(
    db,
    sql.join(
      tables.map(
        ({ name }) =>
          sql`SELECT ${name} AS name, count(*)::int AS rows, coalesce(sum(hashtextextended(t::text, 0)::numeric), 0)::text AS checksum FROM ${sql.identifier(name)} t`,
      ),
      sql` UNION ALL `,
    ),
  );
  return Object.fromEntries(rows.map(({ name, rows, checksum }) => [name, { rows, checksum }]));
}

/** Tables whose rows differ between two snapshots, e.g. ["stays: 3 rows -> 4 rows"]. */
export function snapshotChanges(before: DatabaseSnapshot, after: DatabaseSnapshot): string[] {
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return names.flatMap((name) => {
    const a = before[name];
    const b = after[name];
    if (a?.rows === b?.rows && a?.checksum === b?.checksum) return [];
    return [
      `${name}: ${a?.rows ?? 'none'} rows -> ${b?.rows ?? 'none'} rows${a?.rows === b?.rows ? ' (rows changed)' : ''}`,
    ];
  });
}
