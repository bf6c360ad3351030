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
  const snapshot: DatabaseSnapshot = {};
  for (const { name } of tables) {
    const table = sql.identifier(name);
    const [row] = await queryRows<{ rows: number; checksum: string | null }>(
      db,
      sql`SELECT count(*)::int AS rows, md5(string_agg(t::text, ',' ORDER BY t::text)) AS checksum FROM ${table} t`,
    );
    snapshot[name] = { rows: row?.rows ?? 0, checksum: row?.checksum ?? '' };
  }
  return snapshot;
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
