import { describe, it, expect } from 'vitest';
import { companyPhone, companyPhoneHref, officeAddress, officeAddressParts } from './constants.js';

describe('company contact details', () => {
  it('dials the number that is displayed', () => {
    expect(companyPhoneHref).toBe(`tel:+1${companyPhone.replace(/\D/g, '')}`);
  });

  it('writes the office address the same way in both forms', () => {
    const { street, city, region, postalCode } = officeAddressParts;
    expect(officeAddress).toBe(`${street}, ${city}, ${region} ${postalCode}`);
  });
});
