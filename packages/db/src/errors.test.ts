import { describe, expect, it } from 'vitest';
import { isRetryableTransactionError, retryTransaction } from './errors.js';

/** A driver error as node-postgres and PGlite raise it, optionally wrapped the way Drizzle wraps it. */
function dbError(code: string, wrapped = false): Error {
  const driver = Object.assign(new Error(`database error ${code}`), { code });
  return wrapped ? new Error('Failed query', { cause: driver }) : driver;
}

describe('isRetryableTransactionError', () => {
  it('recognises a deadlock and a serialization failure, also when wrapped', () => {
    expect(isRetryableTransactionError(dbError('40P01'))).toBe(true);
    expect(isRetryableTransactionError(dbError('40001', true))).toBe(true);
  });

  it('leaves every other error alone, the overlap refusal included', () => {
    expect(isRetryableTransactionError(dbError('23P01'))).toBe(false);
    expect(isRetryableTransactionError(new Error('boom'))).toBe(false);
    expect(isRetryableTransactionError(undefined)).toBe(false);
  });
});

describe('retryTransaction', () => {
  it('runs a deadlocked transaction again and returns its result', async () => {
    let runs = 0;
    const result = await retryTransaction(() => {
      runs += 1;
      return runs === 1 ? Promise.reject(dbError('40P01', true)) : Promise.resolve('held');
    });
    expect({ result, runs }).toEqual({ result: 'held', runs: 2 });
  });

  it('throws other errors at once, so an overlap still reaches its caller', async () => {
    let runs = 0;
    const overlap = dbError('23P01');
    await expect(
      retryTransaction(() => {
        runs += 1;
        return Promise.reject(overlap);
      }),
    ).rejects.toBe(overlap);
    expect(runs).toBe(1);
  });

  it('gives up after the last attempt with the last error', async () => {
    let runs = 0;
    await expect(
      retryTransaction(() => {
        runs += 1;
        return Promise.reject(dbError('40001'));
      }, 3),
    ).rejects.toThrow('database error 40001');
    expect(runs).toBe(3);
  });
});
