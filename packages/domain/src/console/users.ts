// Zod contracts of console accounts (issue 14, "Who does what"): the account
// list, invitations, role and homes changes, accepting an invitation, and
// two-step sign-in (TOTP). The same schemas check the forms and the bodies.
import { z } from 'zod';
import { loginRequestSchema, passwordField, userRoles } from '../auth.js';

/** The roles an admin may invite; admins are made with the users command. */
export const inviteRoles = ['staff', 'owner', 'cleaner'] as const;
export type InviteRole = (typeof inviteRoles)[number];

/** The roles whose accounts may (or, with STAFF_REQUIRE_2FA, must) use two-step sign-in. */
export const totpRoles = ['staff', 'admin'] as const;

/** How long an invitation link works. */
export const inviteValidDays = 7;

export const totpRequiredCode = 'totp_required';
export const totpSetupRequiredCode = 'totp_setup_required';
export const totpRequiredMessage = 'Enter the 6-digit code from your authenticator app.';
export const invalidTotpCodeMessage =
  'That code is not right. Enter the current 6-digit code from your authenticator app.';
export const totpSetupRequiredMessage =
  'Two-step sign-in is required for staff accounts. Set it up on your account security page first.';
export const totpNotPendingMessage = 'Start the set-up first: there is no code to confirm.';
export const totpNotEnabledMessage = 'Two-step sign-in is not on for this account.';
export const invalidInviteTokenMessage = 'This invitation link is invalid, expired or already used. Ask for a new one.';
export const lastAdminMessage = 'The last admin cannot change role: make another admin first.';
export const inviteAdminMessage =
  'This e-mail belongs to an admin account: change its role in the account list instead.';
export const homesForOwnersMessage = 'homes can only be given to owners';
export const socialSignInTotpMessage =
  'This account uses two-step sign-in: please sign in with your email, password and authentication code.';

const emailField = z
  .string({ error: 'email is required' })
  .trim()
  .min(1, { error: 'email is required' })
  .max(254, { error: 'email must be at most 254 characters long' })
  .pipe(z.email({ error: 'email must be a valid e-mail address' }));

/** A home by whichever of its names: UUID, listing number (SAS-1006) or slug. */
const homeRefField = z
  .string()
  .trim()
  .min(1, { error: 'a home must be named by its id, listing number or slug' })
  .max(200, { error: 'a home name must be at most 200 characters long' });

export const homesField = z.array(homeRefField).max(500, { error: 'at most 500 homes' });

/** A 6-digit authenticator code; spaces people type between the groups are dropped. */
export const totpCodeField = z
  .string({ error: 'code is required' })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { error: 'code must be the 6 digits your authenticator app shows' }));

// Accounts ------------------------------------------------------------------------------

export const adminUserHomeSchema = z.object({ id: z.string(), propertyId: z.string(), name: z.string() });

/** One item of GET /api/admin/users. */
export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(userRoles),
  /** An owner's homes; empty for other roles. */
  homes: z.array(adminUserHomeSchema),
  /** False for an invited account that has not set its password yet (or a social-only one). */
  hasPassword: z.boolean(),
  totpEnabled: z.boolean(),
  /** ISO time until which an unused invitation works; null without one. */
  invitePendingUntil: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserListSchema = z.array(adminUserSchema);

/** POST /api/admin/users/invite */
export const inviteUserRequestSchema = z.object({
  email: emailField,
  role: z.enum(inviteRoles, { error: `role must be one of ${inviteRoles.join(', ')}` }),
  homes: homesField.optional(),
});
export type InviteUserRequest = z.infer<typeof inviteUserRequestSchema>;

/** PATCH /api/admin/users/{id}: at least one of the two. */
export const updateUserRequestSchema = z
  .object({
    role: z.enum(userRoles, { error: `role must be one of ${userRoles.join(', ')}` }).optional(),
    homes: homesField.optional(),
  })
  .refine((body) => body.role !== undefined || body.homes !== undefined, { error: 'give role or homes to change' });
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

/** POST /api/auth/accept-invite: answers like sign-in. */
export const acceptInviteRequestSchema = z.object({
  token: z
    .string({ error: 'token is required' })
    .trim()
    .min(1, { error: 'token is required' })
    .max(512, { error: invalidInviteTokenMessage }),
  password: passwordField,
  /** For an account that already has two-step sign-in: the link alone must not get around it. */
  totpCode: loginRequestSchema.shape.totpCode,
});
export type AcceptInviteRequest = z.infer<typeof acceptInviteRequestSchema>;

// Two-step sign-in ------------------------------------------------------------------------

/** GET /api/auth/totp: whether two-step sign-in is on, and whether this account must have it. */
export const totpStatusSchema = z.object({ enabled: z.boolean(), required: z.boolean() });
export type TotpStatus = z.infer<typeof totpStatusSchema>;

/** 200 of POST /api/auth/totp/setup: the secret to enter, or scan as the QR code (an SVG document). */
export const totpSetupResponseSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  qrSvg: z.string(),
});
export type TotpSetupResponse = z.infer<typeof totpSetupResponseSchema>;

/** POST /api/auth/totp/enable and /disable */
export const totpCodeRequestSchema = z.object({ code: totpCodeField });
export type TotpCodeRequest = z.infer<typeof totpCodeRequestSchema>;
