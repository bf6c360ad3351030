import { DomainError } from '@sas/domain';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { describeError, domainErrorStatus, internalErrorMessage } from './http-errors.js';

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

  it('answers a DomainError with the status of its code and its own message', () => {
    expect(describeError(new DomainError('not_found', 'Photo not found'), request)).toEqual({
      statusCode: 404,
      body: { message: 'Photo not found' },
    });
    expect(describeError(new DomainError('rejected', 'Too late.'), request)).toEqual({
      statusCode: 422,
      body: { message: 'Too late.' },
    });
    // A provider that failed: the client may try again, so it is told why.
    expect(describeError(new DomainError('unavailable', 'Please try again.'), request)).toEqual({
      statusCode: 503,
      body: { message: 'Please try again.' },
    });
    expect(Object.values(domainErrorStatus).every((status) => status >= 400)).toBe(true);
  });

  it('keeps a pure rule’s own code that reached the handler a 500 that says nothing internal', () => {
    expect(describeError(new DomainError('invalid_time_zone', 'Unknown time zone: Mars/Base'), request)).toEqual({
      statusCode: 500,
      body: { message: internalErrorMessage },
    });
  });
});
