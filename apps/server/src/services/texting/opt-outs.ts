// Who said STOP (issue 28): a number that replied STOP gets no text again
// until it replies START. The messages worker reads this in the sending
// transaction, so an opt-out is honoured from the next text on.
import { textOptOuts, type Database, type Transaction } from '@sas/db';
import { eq } from 'drizzle-orm';

type Executor = Pick<Database | Transaction, 'select' | 'insert' | 'delete'>;

export async function isTextOptedOut(db: Pick<Database | Transaction, 'select'>, phone: string): Promise<boolean> {
  const rows = await db.select({ phone: textOptOuts.phone }).from(textOptOuts).where(eq(textOptOuts.phone, phone));
  return rows.length > 0;
}

export async function optOutOfTexts(db: Executor, phone: string, now: Date): Promise<void> {
  await db.insert(textOptOuts).values({ phone, createdAt: now }).onConflictDoNothing({ target: textOptOuts.phone });
}

export async function optInToTexts(db: Executor, phone: string): Promise<void> {
  await db.delete(textOptOuts).where(eq(textOptOuts.phone, phone));
}
