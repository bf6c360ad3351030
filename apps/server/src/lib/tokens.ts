// Random identifiers and secrets, and the hash under which secrets are kept.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

const alphanumeric = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `length` characters drawn uniformly from `alphabet` (randomInt has no modulo bias). */
export function randomString(length: number, alphabet: string = alphanumeric): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet.charAt(randomInt(alphabet.length));
  return out;
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** Whether `secret` hashes to `expectedHash`, compared in constant time. */
export function matchesHash(secret: string, expectedHash: string): boolean {
  const actual = Buffer.from(sha256Hex(secret), 'hex');
  const expected = Buffer.from(expectedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
