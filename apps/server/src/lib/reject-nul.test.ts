import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { nulCharacterMessage, rejectNulCharacters } from './reject-nul.js';

function request(parts: Partial<Pick<FastifyRequest, 'params' | 'query' | 'body'>>): FastifyRequest {
  return { params: {}, query: {}, body: undefined, ...parts } as FastifyRequest;
}

describe('rejectNulCharacters', () => {
  it('refuses a NUL anywhere in the path, the query or the body, keys included, with a 400', async () => {
    for (const parts of [
      { params: { id: 'SAS-\u0000' } },
      { query: { q: 'a\u0000' } },
      { body: { contact: { firstName: ['Ada', 'Love\u0000lace'] } } },
      { body: { 'key\u0000': 1 } },
    ]) {
      await expect(rejectNulCharacters(request(parts))).rejects.toMatchObject({
        statusCode: 400,
        message: nulCharacterMessage,
      });
    }
  });

  it('lets everything else through, raw bodies untouched', async () => {
    await expect(
      rejectNulCharacters(request({ params: { id: 'x' }, body: { a: ['\\u0000 as text', 1, null] } })),
    ).resolves.toBeUndefined();
    await expect(rejectNulCharacters(request({ body: Buffer.from([0, 1, 2]) }))).resolves.toBeUndefined();
  });
});
