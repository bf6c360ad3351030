// Zod contract of POST /api/owner-inquiries: a home owner asks about our
// management services from the /management page. The same schema checks the
// form in the browser and the body on the server.
import { z } from 'zod';
import { ownerInquiryBedrooms, ownerInquiryMessageMaxLength } from './constants.js';

// Custom checks (refine) keep their wording on the server too, which words
// zod's built-in checks in its own way (lib/validation-message.ts).
const requiredText = (name: string, max: number) =>
  z
    .string()
    .trim()
    .refine((value) => value !== '', { error: `${name} is required` })
    .refine((value) => value.length <= max, { error: `${name} must be at most ${max} characters long` });

/** Digits with the usual separators, and at least seven digits. */
function isPhoneNumber(value: string): boolean {
  return /^[+()\d\s.-]+$/.test(value) && (value.match(/\d/g)?.length ?? 0) >= 7;
}

export const ownerInquiryRequestSchema = z
  .object({
    name: requiredText('name', 100),
    email: z
      .string()
      .trim()
      .refine((value) => value !== '', { error: 'email is required' })
      .refine((value) => value.length <= 254, { error: 'email must be at most 254 characters long' })
      .refine((value) => value === '' || z.email().safeParse(value).success, {
        error: 'email must be a valid e-mail address',
      }),
    phone: requiredText('phone', 40).refine((value) => value === '' || isPhoneNumber(value), {
      error: 'phone must be a phone number of at least 7 digits, e.g. (970) 555-0142',
    }),
    propertyLocation: requiredText('propertyLocation', 200),
    bedrooms: z
      .number()
      .int({ error: 'bedrooms must be a whole number' })
      .min(ownerInquiryBedrooms.min, {
        error: `bedrooms must be a whole number between ${ownerInquiryBedrooms.min} and ${ownerInquiryBedrooms.max}`,
      })
      .max(ownerInquiryBedrooms.max, {
        error: `bedrooms must be a whole number between ${ownerInquiryBedrooms.min} and ${ownerInquiryBedrooms.max}`,
      }),
    message: requiredText('message', ownerInquiryMessageMaxLength),
  })
  .strict();
export type OwnerInquiryRequest = z.infer<typeof ownerInquiryRequestSchema>;
export type OwnerInquiryField = keyof OwnerInquiryRequest;

export const ownerInquiryResponseSchema = z.object({ id: z.uuid() });
export type OwnerInquiryResponse = z.infer<typeof ownerInquiryResponseSchema>;

export const ownerInquiryRateLimitedMessage =
  'We have already received several inquiries from this e-mail address in the last hour. We will be in touch soon.';

/** First problem of each field, for a form that shows messages beside the fields. */
export function ownerInquiryFieldErrors(value: unknown): Partial<Record<OwnerInquiryField, string>> {
  const result = ownerInquiryRequestSchema.safeParse(value);
  if (result.success) return {};
  const errors: Partial<Record<OwnerInquiryField, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in ownerInquiryRequestSchema.shape) {
      const key = field as OwnerInquiryField;
      errors[key] ??= issue.message;
    }
  }
  return errors;
}
