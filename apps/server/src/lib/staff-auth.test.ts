import { describe, expect, it } from 'vitest';
import { checkStaffKey, staffMessages } from './staff-auth.js';

const key = 'a-staff-key-long-enough-to-pass';

describe('checkStaffKey', () => {
  it('is off without a configured key, whatever the request carries', () => {
    expect(checkStaffKey(undefined, `Bearer ${key}`)).toEqual({ statusCode: 403, message: staffMessages.disabled });
  });

  it('accepts the key as a bearer token, the scheme in any case', () => {
    expect(checkStaffKey(key, `Bearer ${key}`)).toBeNull();
    expect(checkStaffKey(key, `bearer  ${key} `)).toBeNull();
  });

  it('asks for the key when none is sent, and refuses another key', () => {
    for (const header of [undefined, '', 'Bearer', `Basic ${key}`, `Bearer ${key} extra`]) {
      expect(checkStaffKey(key, header), String(header)).toEqual({ statusCode: 401, message: staffMessages.missing });
    }
    for (const presented of [`${key}x`, key.slice(0, -1), key.toUpperCase()]) {
      expect(checkStaffKey(key, `Bearer ${presented}`)).toEqual({ statusCode: 401, message: staffMessages.invalid });
    }
  });
});
