import { describe, expect, it } from 'vitest';
import {
  ageTerm,
  cancellationTerms,
  depositTerms,
  formatPolicyAmount,
  paymentTerms,
  penaltyTerms,
  refundPercent,
} from './policies.js';

const zone = 'America/Denver';

describe('refundPercent', () => {
  const bookedAt = new Date('2027-01-01T12:00:00-07:00');

  it('refunds everything within 48 hours of booking, even close to check-in', () => {
    expect(refundPercent(bookedAt, '2027-01-10', new Date('2027-01-03T12:00:00-07:00'), zone)).toBe(100);
    expect(refundPercent(bookedAt, '2027-01-10', new Date('2027-01-03T12:00:01-07:00'), zone)).toBe(0);
  });

  it('refunds half up to 30 days before check-in', () => {
    expect(refundPercent(bookedAt, '2027-03-01', new Date('2027-01-20T09:00:00-07:00'), zone)).toBe(50);
    // 30 days before 2027-03-01 is 2027-01-30, the last day of the window, late in the evening.
    expect(refundPercent(bookedAt, '2027-03-01', new Date('2027-01-30T23:30:00-07:00'), zone)).toBe(50);
  });

  it('refunds nothing 29 days or less before check-in', () => {
    expect(refundPercent(bookedAt, '2027-03-01', new Date('2027-01-31T00:30:00-07:00'), zone)).toBe(0);
    expect(refundPercent(bookedAt, '2027-03-01', new Date('2027-02-27T10:00:00-07:00'), zone)).toBe(0);
  });

  it("counts days in the home's time zone, not UTC", () => {
    // 05:30 UTC on the 31st is still the evening of the 30th in Denver.
    expect(refundPercent(bookedAt, '2027-03-01', new Date('2027-01-31T05:30:00Z'), zone)).toBe(50);
    expect(refundPercent(bookedAt, '2027-03-01', new Date('2027-01-31T05:30:00Z'), 'UTC')).toBe(0);
  });
});

describe('policy texts', () => {
  it('state the cancellation terms with their numbers', () => {
    expect(cancellationTerms()).toEqual([
      'Cancel within 48 hours of booking for a 100% refund.',
      'Cancel up to 30 days before check-in for a 50% refund.',
      'Cancellations less than 29 days before check-in are not refunded.',
      'Refunds reach your card in 7-10 business days.',
    ]);
  });

  it('state the deposit, instalments, age and penalties', () => {
    const deposit = depositTerms().join(' ');
    expect(deposit).toContain('$0 to $1,000');
    expect(deposit).toContain('7 days before check-in');
    expect(deposit).toContain('released 2 days after check-out');
    expect(deposit).toContain('$2, refunded within 48 hours');
    expect(paymentTerms().join(' ')).toMatch(/up to 3 instalments.*72-hour grace period/);
    expect(ageTerm()).toContain('cabins and select luxury condos must be over 25');
    expect(penaltyTerms()).toEqual([
      'Unauthorised late check-out: $100',
      'Smoking inside a home: $500',
      'Lost keys or passes: $150',
    ]);
  });

  it('writes whole dollars without cents and keeps cents otherwise', () => {
    expect(formatPolicyAmount(100_000)).toBe('$1,000');
    expect(formatPolicyAmount(250)).toBe('$2.50');
  });
});
