// Promise.all's shape for queries that must run one after the other. Drizzle's
// queries start when awaited, so a list of them can be written as for
// Promise.all; inOrder awaits them in turn. For readers that may be a
// transaction: its one connection takes one query at a time (pg@9 refuses a
// query sent while another runs; pg@8 queues it with a deprecation warning).
export async function inOrder<T extends readonly unknown[] | []>(
  queries: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const answers: unknown[] = [];
  for (const query of queries) answers.push(await query);
  return answers as { -readonly [K in keyof T]: Awaited<T[K]> };
}
