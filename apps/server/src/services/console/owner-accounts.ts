// Owners' terms and payouts, and the company's tax basis (issue 29, ADR 046):
// what the bookkeeper sets in the console. Every change is audited in its
// transaction; a payout is a ledger movement written through the one ledger
// service, once per idempotency key.
import { companySettings, ledgerEntries, ownerAccounts, users, type Database, type Queryable } from '@sas/db';
import {
  bpsToPercent,
  centsToDollars,
  defaultCommissionBps,
  DomainError,
  toCents,
  type OwnerAccount,
  type OwnerAccountUpdate,
  type OwnerPayout,
  type TaxBasis,
} from '@sas/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { payoutMovementKey, postPayout } from '../ledger/post.js';
import { taxBasisOf } from '../ledger/reports.js';
import type { ConsoleUser } from './access.js';
import { recordAudit } from './audit.js';

export const ownerNotFoundMessage = 'No owner has this id';

function accountOf(row: {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  commissionBps: number | null;
  payoutDetails: string | null;
}): OwnerAccount {
  return {
    owner: { id: row.id, name: `${row.firstName} ${row.lastName}`.trim() || row.email, email: row.email },
    commissionRate: bpsToPercent(row.commissionBps ?? defaultCommissionBps),
    payoutDetails: row.payoutDetails ?? '',
  };
}

function selectAccounts(db: Queryable) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      commissionBps: ownerAccounts.commissionBps,
      payoutDetails: ownerAccounts.payoutDetails,
    })
    .from(users)
    .leftJoin(ownerAccounts, eq(ownerAccounts.userId, users.id));
}

/** Every owner's terms, by name (an owner without a row has the default commission). */
export async function listOwnerAccounts(db: Queryable): Promise<OwnerAccount[]> {
  const rows = await selectAccounts(db)
    .where(eq(users.role, 'owner'))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.email));
  return rows.map(accountOf);
}

export async function getOwnerAccount(db: Queryable, ownerId: string): Promise<OwnerAccount> {
  const [row] = await selectAccounts(db).where(and(eq(users.id, ownerId), eq(users.role, 'owner')));
  if (!row) throw new DomainError('not_found', ownerNotFoundMessage);
  return accountOf(row);
}

/** Sets an owner's commission and payout details; new stays are shared at the new rate, recorded ones keep theirs. */
export async function updateOwnerAccount(
  db: Database,
  user: ConsoleUser,
  ownerId: string,
  update: OwnerAccountUpdate,
): Promise<OwnerAccount> {
  return db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, ownerId), eq(users.role, 'owner')))
      .for('update');
    if (!owner) throw new DomainError('not_found', ownerNotFoundMessage);
    const before = await getOwnerAccount(tx, ownerId);
    const values = { commissionBps: Math.round(update.commissionRate * 100), payoutDetails: update.payoutDetails };
    await tx
      .insert(ownerAccounts)
      .values({ userId: ownerId, ...values })
      .onConflictDoUpdate({ target: ownerAccounts.userId, set: values });
    const after = await getOwnerAccount(tx, ownerId);
    await recordAudit(tx, user, { action: 'owner_account.update', entity: 'user', entityId: ownerId, before, after });
    return after;
  });
}

/**
 * Records a payout to an owner, dated `date` (the day the money left). The
 * same idempotency key for the same owner answers the first payout and
 * writes nothing (created false).
 */
export async function recordOwnerPayout(
  db: Database,
  user: ConsoleUser,
  ownerId: string,
  payout: { amount: number; date: string; memo: string; idempotencyKey: string },
): Promise<{ payout: OwnerPayout; created: boolean }> {
  return db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, ownerId), eq(users.role, 'owner')));
    if (!owner) throw new DomainError('not_found', ownerNotFoundMessage);
    const key = payoutMovementKey(ownerId, payout.idempotencyKey);
    const [existing] = await tx
      .select({ at: ledgerEntries.at, debit: ledgerEntries.debitCents, memo: ledgerEntries.memo })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.movement, key), eq(ledgerEntries.account, 'owner_payable')));
    if (existing) {
      return {
        payout: {
          id: key,
          date: existing.at.toISOString().slice(0, 10),
          amount: centsToDollars(existing.debit),
          memo: existing.memo,
        },
        created: false,
      };
    }
    const at = new Date(`${payout.date}T12:00:00Z`);
    const written = await postPayout(tx, {
      ownerId,
      cents: toCents(payout.amount),
      at,
      memo: payout.memo,
      idempotencyKey: payout.idempotencyKey,
    });
    const result: OwnerPayout = {
      id: written.key,
      date: payout.date,
      amount: payout.amount,
      memo: payout.memo === '' ? 'Owner payout' : `Owner payout: ${payout.memo}`,
    };
    await recordAudit(tx, user, { action: 'owner_payout.create', entity: 'user', entityId: ownerId, after: result });
    return { payout: result, created: true };
  });
}

export { taxBasisOf };

export async function setTaxBasis(db: Database, user: ConsoleUser, basis: TaxBasis): Promise<TaxBasis> {
  return db.transaction(async (tx) => {
    const before = await taxBasisOf(tx);
    await tx
      .insert(companySettings)
      .values({ id: true, taxBasis: basis })
      .onConflictDoUpdate({ target: companySettings.id, set: { taxBasis: basis, updatedAt: sql`now()` } });
    await recordAudit(tx, user, {
      action: 'settings.tax_basis',
      entity: 'company_settings',
      entityId: 'tax_basis',
      before: { basis: before },
      after: { basis },
    });
    return basis;
  });
}
