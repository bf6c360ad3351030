// Stable ids for the seeded rows, derived from names rather than drawn from the PRNG.
import { createHash } from 'node:crypto';

/**
 * A UUID in version-4 layout derived from a name, so a seeded row keeps its id
 * across runs and across edits to other rows (ids built from one running PRNG
 * would all shift when a home is added).
 */
export function seedUuid(name: string): string {
  const hex = createHash('sha256').update(`summit-and-shore:${name}`).digest('hex');
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    `4${hex.slice(13, 16)}`,
    `${variant}${hex.slice(17, 20)}`,
    hex.slice(20, 32),
  ].join('-');
}
