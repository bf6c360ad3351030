import type { FastifySchemaValidationError } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validationMessage } from './validation-message.js';

function unknownKeys(keys: string[]): FastifySchemaValidationError {
  return { keyword: 'unrecognized_keys', instancePath: '', schemaPath: '', params: { keys }, message: 'x' };
}

describe('validationMessage', () => {
  it('names a few unknown keys, cut short, and counts the rest instead of echoing the request', () => {
    const schema = z.object({ page: z.number(), size: z.number() }).strict();
    const keys = ['a', 'b', 'c', 'd', 'x'.repeat(1_000), ...Array.from({ length: 495 }, (_, i) => `k${i}`)];
    expect(validationMessage([unknownKeys(keys)], 'querystring', schema)).toBe(
      `Unknown query parameters 'a', 'b', 'c', 'd', '${'x'.repeat(40)}...' and 495 more. Allowed: page, size.`,
    );
    expect(validationMessage([unknownKeys(['sort'])], 'querystring', schema)).toBe(
      "Unknown query parameter 'sort'. Allowed: page, size.",
    );
  });
});
