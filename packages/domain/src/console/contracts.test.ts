import { describe, expect, it } from 'vitest';
import { adminBlockRequestSchema, adminCalendarQuerySchema } from './calendar.js';
import { addMonths, adminStatementQuerySchema, nightlyShares } from './dashboard.js';
import { adminCancelRequestSchema, adminReservationQuerySchema } from './reservations.js';

describe('console reservation and calendar contracts', () => {
  it('accepts a refund choice or an amount in dollars, nothing else', () => {
    expect(adminCancelRequestSchema.safeParse({ refund: 'policy' }).success).toBe(true);
    expect(adminCancelRequestSchema.safeParse({ refundAmount: 12.5 }).success).toBe(true);
    expect(adminCancelRequestSchema.safeParse({ refundAmount: 0 }).success).toBe(true);
    expect(adminCancelRequestSchema.safeParse({ refundAmount: -1 }).success).toBe(false);
    expect(adminCancelRequestSchema.safeParse({ refundAmount: 1.005 }).success).toBe(false);
    expect(adminCancelRequestSchema.safeParse({ refund: 'some' }).success).toBe(false);
    expect(adminCancelRequestSchema.safeParse({ refund: 'full', refundAmount: 3 }).success).toBe(false);
    expect(adminCancelRequestSchema.safeParse({}).success).toBe(false);
  });

  it('wants a block to end after it starts, with a reason', () => {
    const ok = { checkIn: '2030-01-10', checkOut: '2030-01-12', reason: 'Maintenance' };
    expect(adminBlockRequestSchema.safeParse(ok).success).toBe(true);
    expect(adminBlockRequestSchema.safeParse({ ...ok, checkOut: '2030-01-10' }).success).toBe(false);
    expect(adminBlockRequestSchema.safeParse({ ...ok, reason: '  ' }).success).toBe(false);
    expect(adminBlockRequestSchema.safeParse({ ...ok, checkIn: '2030-02-30' }).success).toBe(false);
    expect(adminBlockRequestSchema.safeParse({ ...ok, checkOut: '2031-02-01' }).success).toBe(false);
  });

  it('bounds calendar windows and checks months and ranges', () => {
    expect(adminCalendarQuerySchema.safeParse({ from: '2030-01-01', to: '2030-02-01' }).success).toBe(true);
    expect(adminCalendarQuerySchema.safeParse({ from: '2030-01-01', to: '2032-01-01' }).success).toBe(false);
    expect(adminCalendarQuerySchema.safeParse({ from: '2030-01-02', to: '2030-01-01' }).success).toBe(false);
    expect(adminReservationQuerySchema.safeParse({ from: '2030-01-02', to: '2030-01-01' }).success).toBe(false);
    expect(adminReservationQuerySchema.safeParse({ status: 'pending' }).success).toBe(false);
    expect(adminStatementQuerySchema.safeParse({ month: '2030-13' }).success).toBe(false);
    expect(adminStatementQuerySchema.safeParse({ month: '2030-12' }).success).toBe(true);
  });
});

describe('revenue by night', () => {
  it('spreads a total over its nights to the cent, the first nights taking what is left over', () => {
    expect(nightlyShares({ checkIn: '2030-01-30', checkOut: '2030-02-02', totalCents: 1000 })).toEqual([
      ['2030-01-30', 334],
      ['2030-01-31', 333],
      ['2030-02-01', 333],
    ]);
    expect(nightlyShares({ checkIn: '2030-01-30', checkOut: '2030-01-30', totalCents: 1000 })).toEqual([]);
  });

  it('counts months across years, both ways', () => {
    expect(addMonths('2030-11', 3)).toBe('2031-02');
    expect(addMonths('2030-01', -12)).toBe('2029-01');
    expect(addMonths('2030-01', -1)).toBe('2029-12');
  });
});
