import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { describeError, internalErrorMessage } from './http-errors.js';

const request = {} as FastifyRequest;

/** How Drizzle hands over a driver error: wrapped, with the original as `cause`. */
function wrapped(code: string): Error {
  return new Error('Failed query: select ... params: ...', { cause: Object.assign(new Error('driver'), { code }) });
}

describe('describeError', () => {
  it('answers a value the database cannot store with 400, naming no SQL', () => {
    expect(describeError(wrapped('22021'), request)).toEqual({
      statusCode: 400,
      body: { message: 'The request contains a character that is not allowed' },
    });
    expect(describeError(wrapped('22003'), request)).toEqual({
      statusCode: 400,
      body: { message: 'A number in the request is out of range' },
    });
    expect(describeError(Object.assign(new Error('x'), { code: '22008' }), request).statusCode).toBe(400);
  });

  it('keeps other database failures a 500 that says nothing internal', () => {
    for (const code of ['23505', '40P01', '57P01', '42P01']) {
      expect(describeError(wrapped(code), request)).toEqual({
        statusCode: 500,
        body: { message: internalErrorMessage },
      });
    }
  });
});
