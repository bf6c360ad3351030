// Zod contracts of accounts and sessions (SPEC.md sections 3, 4, 5 and 7;
// DESIGN.md "Auth"): sign-up, sign-in, refresh, the session user, password
// reset and the signed-in guest's bookings. The same schemas check the forms
// in the browser and the bodies on the server.
import { z } from 'zod';
import { passwordMinLength } from './constants.js';

/** Long enough for any passphrase, short enough that hashing stays cheap. */
export const passwordMaxLength = 256;

/** A cleaner (issue 30) does turnover tasks: no console, no owner rights, only their own tasks. */
export const userRoles = ['guest', 'owner', 'staff', 'admin', 'cleaner'] as const;
export type UserRole = (typeof userRoles)[number];

export const socialProviders = ['google', 'facebook', 'apple'] as const;
export type SocialProvider = (typeof socialProviders)[number];

export function isSocialProvider(value: string): value is SocialProvider {
  return (socialProviders as readonly string[]).includes(value);
}

// Texts the server answers and the browser may show or compare against.
export const invalidCredentialsMessage = 'Invalid email or password';
export const emailTakenMessage = 'An account with this email already exists.';
export const forgotPasswordAcceptedMessage =
  'If an account exists for that email, we have sent a link to reset the password.';
export const passwordResetDoneMessage = 'Your password has been reset.';
export const invalidResetTokenMessage = 'This reset link is invalid or has expired.';
export const sessionRequiredMessage = 'Please sign in to continue.';
export const sessionExpiredMessage = 'Your session has expired. Please sign in again.';
export const invalidRefreshTokenMessage = 'Your session has expired. Please sign in again.';
export const forbiddenMessage = 'You do not have permission to do this.';

const emailField = z
  .string({ error: 'email is required' })
  .trim()
  .min(1, { error: 'email is required' })
  .max(254, { error: 'email must be at most 254 characters long' })
  .pipe(z.email({ error: 'email must be a valid e-mail address' }));

/** A new password: at least 8 characters (SPEC.md section 5). */
export const passwordField = z
  .string({ error: 'password is required' })
  .min(passwordMinLength, { error: `password must be at least ${passwordMinLength} characters long` })
  .max(passwordMaxLength, { error: `password must be at most ${passwordMaxLength} characters long` });

const nameField = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, { error: `${name} is required` })
    .max(100, { error: `${name} must be at most 100 characters long` });

// Sign-up and sign-in ----------------------------------------------------------------

/** POST /api/auth/register */
export const registerRequestSchema = z.object({
  email: emailField,
  password: passwordField,
  firstName: nameField('firstName'),
  lastName: nameField('lastName'),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** POST /api/auth/login: any non-empty password is checked, so no length rule here. */
export const loginRequestSchema = z.object({
  email: emailField,
  password: z
    .string({ error: 'password is required' })
    .min(1, { error: 'password is required' })
    .max(passwordMaxLength, { error: `password must be at most ${passwordMaxLength} characters long` }),
  /** The authenticator code, for an account with two-step sign-in (answered 401 `totp_required` without it). */
  totpCode: z
    .string()
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, { error: 'totpCode must be the 6 digits your authenticator app shows' }))
    .optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** POST /api/auth/refresh */
export const refreshRequestSchema = z.object({
  refreshToken: z
    .string({ error: 'refreshToken is required' })
    .min(1, { error: 'refreshToken is required' })
    .max(512, { error: 'refreshToken is not valid' }),
});
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;

/** POST /api/logout: the refresh token to revoke is optional, and so is the body. */
export const logoutRequestSchema = z
  .object({ refreshToken: refreshRequestSchema.shape.refreshToken.optional() })
  .nullish();
export type LogoutRequest = z.infer<typeof logoutRequestSchema>;

/** The answer of refresh: a new access token and the rotated refresh token. */
export const authTokensSchema = z.object({
  token: z.string(),
  refreshToken: z.string(),
});
export type AuthTokens = z.infer<typeof authTokensSchema>;

/** 200 of POST /api/auth/login */
export const loginResponseSchema = authTokensSchema.extend({ email: z.string() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** 201 of POST /api/auth/register: a new account is a guest. */
export const registerResponseSchema = loginResponseSchema.extend({ isGuest: z.boolean() });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** 200 of GET /api/check-session */
export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(userRoles),
  isGuest: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

// Password reset ------------------------------------------------------------------------

/** POST /api/auth/forgot-password: always 202 with forgotPasswordAcceptedMessage. */
export const forgotPasswordRequestSchema = z.object({ email: emailField });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

/** POST /api/auth/reset-password: the token from the e-mailed link and the new password. */
export const resetPasswordRequestSchema = z.object({
  token: z
    .string({ error: 'token is required' })
    .trim()
    .min(1, { error: 'token is required' })
    .max(512, { error: invalidResetTokenMessage }),
  password: passwordField,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** Answers that carry only a message (202 of forgot, 200 of reset, and errors). */
export const authMessageSchema = z.object({ message: z.string() });
export type AuthMessage = z.infer<typeof authMessageSchema>;

// The signed-in guest's bookings ------------------------------------------------------------

/** One item of GET /api/account/bookings; money in cents. */
export const accountBookingSchema = z.object({
  id: z.string(),
  confirmationCode: z.string(),
  propertyId: z.string(),
  propertyName: z.string(),
  propertySlug: z.string(),
  checkIn: z.string(),
  checkOut: z.string(),
  status: z.enum(['confirmed', 'cancelled']),
  totalCents: z.number().int(),
  currency: z.string(),
});
export type AccountBooking = z.infer<typeof accountBookingSchema>;
export const accountBookingsSchema = z.array(accountBookingSchema);

// Social login --------------------------------------------------------------------------------

/** The path of the popup page the OAuth callback redirects to (SPEC.md section 7). */
export const oauthRedirectPath = '/oauth-redirect';

export const socialProviderLabels: Record<SocialProvider, string> = {
  google: 'Google',
  facebook: 'Facebook',
  apple: 'Apple',
};

/** The error the popup shows when a provider has no client id/secret configured. */
export function socialNotConfiguredMessage(provider: SocialProvider): string {
  return `${socialProviderLabels[provider]} sign-in is not configured.`;
}
