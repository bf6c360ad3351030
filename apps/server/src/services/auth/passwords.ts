// Password hashing with argon2id (ADR 012). @node-rs/argon2 defaults to
// argon2id with OWASP's recommended cost (19 MiB, two passes); the PHC string
// it returns carries the parameters, so they can be raised later without
// breaking existing hashes.
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** A hash of a random password, made once, for verifying against when the e-mail is unknown. */
let dummyHash: Promise<string> | undefined;

/**
 * Whether `password` matches `passwordHash`. Without a hash (unknown e-mail,
 * or a social-only account) the password is still verified against a dummy
 * hash, so the answer takes as long and does not tell whether the e-mail exists.
 */
export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hash(randomBytes(32).toString('base64url'));
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is no match, never a 500.
    return false;
  }
}
