import { describe, expect, it } from 'vitest';
import {
  ageTerm,
  cancellationTerms,
  depositTerms,
  formatPolicyAmount,
  paymentTerms,
  penaltyTerms,
  refundDeadlines,
  refundPercent,
  startOfDayIn,
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

describe('refundDeadlines', () => {
  const bookedAt = new Date('2027-01-01T12:00:00-07:00');

  it('ends each tier at the instant refundPercent stops giving it', () => {
    const { fullRefundUntil, halfRefundUntil } = refundDeadlines(bookedAt, '2027-03-01', zone);
    expect(fullRefundUntil.toISOString()).toBe('2027-01-03T19:00:00.000Z');
    // The 30th day before check-in is 2027-01-30; it ends at midnight in Denver (07:00 UTC).
    expect(halfRefundUntil?.toISOString()).toBe('2027-01-31T06:59:59.999Z');
    expect(refundPercent(bookedAt, '2027-03-01', fullRefundUntil, zone)).toBe(100);
    expect(refundPercent(bookedAt, '2027-03-01', halfRefundUntil!, zone)).toBe(50);
    expect(refundPercent(bookedAt, '2027-03-01', new Date(halfRefundUntil!.getTime() + 1), zone)).toBe(0);
  });

  it('has no 50% tier when the booking is made within 30 days of check-in', () => {
    expect(refundDeadlines(bookedAt, '2027-01-25', zone).halfRefundUntil).toBeNull();
  });

  it('finds local midnight across a DST change and in other zones', () => {
    expect(startOfDayIn('America/Denver', '2027-03-14').toISOString()).toBe('2027-03-14T07:00:00.000Z');
    expect(startOfDayIn('America/Denver', '2027-03-15').toISOString()).toBe('2027-03-15T06:00:00.000Z');
    expect(startOfDayIn('Pacific/Kiritimati', '2027-03-15').toISOString()).toBe('2027-03-14T10:00:00.000Z');
    // Midnight does not exist in Santiago on its spring-forward day: the day starts at 01:00.
    expect(startOfDayIn('America/Santiago', '2026-09-06').toISOString()).toBe('2026-09-06T04:00:00.000Z');
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
