import { describe, expect, it } from 'vitest';
import {
  isSocialProvider,
  loginRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  socialNotConfiguredMessage,
} from './auth.js';

const valid = { email: ' ada@example.com ', password: 'correct horse', firstName: ' Ada ', lastName: 'Lovelace' };

function firstError(result: { success: boolean; error?: { issues: { message: string }[] } }): string | undefined {
  return result.error?.issues[0]?.message;
}

describe('registerRequestSchema', () => {
  it('trims names and e-mail and keeps the password as typed', () => {
    expect(registerRequestSchema.parse(valid)).toEqual({
      email: 'ada@example.com',
      password: 'correct horse',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
  });

  it('says what is wrong', () => {
    expect(firstError(registerRequestSchema.safeParse({ ...valid, password: 'short' }))).toBe(
      'password must be at least 8 characters long',
    );
    expect(firstError(registerRequestSchema.safeParse({ ...valid, email: 'ada' }))).toBe(
      'email must be a valid e-mail address',
    );
    expect(firstError(registerRequestSchema.safeParse({ ...valid, firstName: '  ' }))).toBe('firstName is required');
  });
});

describe('other contracts', () => {
  it('lets any non-empty password try to sign in', () => {
    expect(loginRequestSchema.safeParse({ email: 'a@example.com', password: 'x' }).success).toBe(true);
    expect(loginRequestSchema.safeParse({ email: 'a@example.com', password: '' }).success).toBe(false);
  });

  it('needs a new password of at least 8 characters to reset', () => {
    expect(resetPasswordRequestSchema.safeParse({ token: 't', password: '1234567' }).success).toBe(false);
    expect(resetPasswordRequestSchema.safeParse({ token: 't', password: '12345678' }).success).toBe(true);
  });

  it('names the social providers and their not-configured message', () => {
    expect(isSocialProvider('google')).toBe(true);
    expect(isSocialProvider('myspace')).toBe(false);
    expect(socialNotConfiguredMessage('google')).toBe('Google sign-in is not configured.');
  });
});
