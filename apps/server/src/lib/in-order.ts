// Promise.all's shape for queries that must run one after the other. Drizzle's
// queries start when awaited, so a list of them can be written as for
// Promise.all; inOrder awaits them in turn. For readers that may be a
// transaction: its one connection takes one query at a time (pg@9 refuses a
// query sent while another runs; pg@8 queues it with a deprecation warning).
import { PgTransaction } from 'drizzle-orm/pg-core';

export async function inOrder<T extends readonly unknown[] | []>(
  queries: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const answers: unknown[] = [];
  for (const query of queries) answers.push(await query);
  return answers as { -readonly [K in keyof T]: Awaited<T[K]> };
}

/**
 * Reads for one answer, each given as the function that starts it: all at
 * once on the pool, whose connections take one each, and one after the other
 * on a transaction, whose one connection takes one query at a time. For a
 * reader that is sometimes a transaction (a change that reads the record
 * before and after itself) and sometimes the pool.
 */
export async function readAll<T extends readonly (() => unknown)[] | []>(
  db: object,
  reads: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  type Answers = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as Answers;
  const answers: unknown[] = [];
  for (const read of reads) answers.push(await read());
  return answers as Answers;
}
