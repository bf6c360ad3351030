import { describe, expect, it } from 'vitest';
import { ownerInquiryFieldErrors, ownerInquiryRequestSchema } from './owner-inquiry.js';

const valid = {
  name: 'Dana Owner',
  email: 'dana@example.com',
  phone: '(970) 555-0199',
  propertyLocation: 'Breckenridge, CO',
  bedrooms: 3,
  message: 'We have a three-bedroom condo near the gondola.',
};

describe('ownerInquiryRequestSchema', () => {
  it('accepts a complete inquiry and trims its text', () => {
    expect(ownerInquiryRequestSchema.parse({ ...valid, name: '  Dana Owner ' })).toEqual(valid);
    expect(ownerInquiryFieldErrors(valid)).toEqual({});
  });

  it('names each field that is missing or wrong, once', () => {
    expect(
      ownerInquiryFieldErrors({ ...valid, name: ' ', email: 'dana', phone: '12', bedrooms: 3.5, message: '' }),
    ).toEqual({
      name: 'name is required',
      email: 'email must be a valid e-mail address',
      phone: 'phone must be a phone number of at least 7 digits, e.g. (970) 555-0142',
      bedrooms: 'bedrooms must be a whole number',
      message: 'message is required',
    });
    expect(ownerInquiryFieldErrors({ ...valid, bedrooms: 51 }).bedrooms).toBe(
      'bedrooms must be a whole number between 0 and 50',
    );
  });

  it('refuses fields it does not know', () => {
    expect(ownerInquiryRequestSchema.safeParse({ ...valid, admin: true }).success).toBe(false);
  });
});
