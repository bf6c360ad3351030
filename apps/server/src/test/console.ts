// Console test accounts: a user of each role (an owner with the homes given),
// signed in with a real access token, to try every /api/admin route as each.
import { randomUUID } from 'node:crypto';
import { propertyOwners, users, type Database, type UserRoleName } from '@sas/db';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { signAccessToken } from '../services/auth/tokens.js';

export interface TestAccount {
  id: string;
  email: string;
  role: UserRoleName;
  token: string;
  /** `authorization` header value. */
  headers: { authorization: string };
}

export async function createAccount(
  app: FastifyInstance,
  db: Database,
  role: UserRoleName,
  {
    homes = [],
    firstName = 'Test',
    lastName = 'Account',
  }: { homes?: string[]; firstName?: string; lastName?: string } = {},
): Promise<TestAccount> {
  const email = `${role}-${randomUUID().slice(0, 8)}@example.com`;
  const [user] = await db.insert(users).values({ email, role, firstName, lastName }).returning({ id: users.id });
  if (!user) throw new Error('user not inserted');
  if (homes.length > 0) {
    await db.insert(propertyOwners).values(homes.map((propertyId) => ({ userId: user.id, propertyId })));
  }
  const token = await signAccessToken(app.tokenSettings, { userId: user.id, role, email });
  return { id: user.id, email, role, token, headers: { authorization: `Bearer ${token}` } };
}

export const consoleRoleNames = ['guest', 'owner', 'staff', 'admin'] as const;

/**
 * One account per role, the owner owning `ownerHomes`: for tests that try a
 * route as anonymous, guest, owner (of these homes), owner of other homes, staff and admin.
 */
export async function createRoleAccounts(
  app: FastifyInstance,
  db: Database,
  ownerHomes: string[],
  otherHomes: string[],
) {
  return {
    guest: await createAccount(app, db, 'guest'),
    owner: await createAccount(app, db, 'owner', { homes: ownerHomes, firstName: 'Olive', lastName: 'Owner' }),
    otherOwner: await createAccount(app, db, 'owner', { homes: otherHomes, firstName: 'Otto', lastName: 'Other' }),
    staff: await createAccount(app, db, 'staff'),
    admin: await createAccount(app, db, 'admin'),
  };
}

/** app.inject as an account (or anonymously with null), JSON body parsed. */
export async function injectAs(
  app: FastifyInstance,
  account: TestAccount | null,
  options: InjectOptions,
): Promise<LightMyRequestResponse> {
  return app.inject({
    ...options,
    headers: { ...(options.headers ?? {}), ...(account ? account.headers : {}) },
  });
}
