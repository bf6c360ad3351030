// PostgreSQL text cannot hold U+0000: a NUL in any string that reaches a
// query fails there as a 500, or worse, after an earlier statement of the
// request already wrote. No field of the API has a use for it, so a request
// carrying one is refused before validation, whichever route it is for.
import type { FastifyRequest } from 'fastify';

export const nulCharacterMessage = 'The request contains a NUL character (\\u0000), which is not allowed in any field';

/** Strings and keys of parsed JSON, query and path values; raw buffers are not looked into. */
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (typeof value !== 'object' || value === null || depth > 64 || Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
}

export function rejectNulCharacters(request: FastifyRequest): Promise<void> {
  if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
    return Promise.reject(Object.assign(new Error(nulCharacterMessage), { statusCode: 400 }));
  }
  return Promise.resolve();
}
