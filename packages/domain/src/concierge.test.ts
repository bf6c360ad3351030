import { describe, expect, it } from 'vitest';
import {
  checkConciergeOrder,
  conciergeCancelDeadline,
  conciergeDays,
  conciergeOrderBodySchema,
  conciergeOrderDeadline,
  ConciergeRuleError,
  instantIn,
  type ConciergeStay,
} from './concierge.js';

const denver = 'America/Denver';
const detroit = 'America/Detroit';
const stay: ConciergeStay = { checkIn: '2027-03-10', checkOut: '2027-03-14', timeZone: denver, chefDates: [] };
const early = new Date('2027-02-01T12:00:00Z');

function ruleMessage(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof ConciergeRuleError) return error.message;
    throw error;
  }
  throw new Error('no rule was broken');
}

describe('instantIn', () => {
  it('reads a time of day on the home clock, winter and summer', () => {
    expect(instantIn(denver, '2027-01-15', '18:30').toISOString()).toBe('2027-01-16T01:30:00.000Z');
    expect(instantIn(denver, '2027-07-15', '18:30').toISOString()).toBe('2027-07-16T00:30:00.000Z');
    expect(instantIn(detroit, '2027-07-15', '08:00').toISOString()).toBe('2027-07-15T12:00:00.000Z');
  });

  it('keeps the wall time on the days clocks change', () => {
    // 2027-03-14: Denver springs forward at 02:00; 2027-11-07 it falls back.
    expect(instantIn(denver, '2027-03-14', '19:00').toISOString()).toBe('2027-03-15T01:00:00.000Z');
    expect(instantIn(denver, '2027-11-07', '19:00').toISOString()).toBe('2027-11-08T02:00:00.000Z');
  });
});

describe('deadlines', () => {
  it('closes orders 48 hours before the check-in day starts where the home is', () => {
    expect(conciergeOrderDeadline('2027-03-10', denver).toISOString()).toBe('2027-03-08T07:00:00.000Z');
  });

  it('refunds a service in full until 48 hours before its time', () => {
    expect(conciergeCancelDeadline('2027-03-11', '18:00', denver).toISOString()).toBe('2027-03-10T01:00:00.000Z');
  });

  it('offers every day from check-in to the last night', () => {
    expect(conciergeDays('2027-03-10', '2027-03-13')).toEqual(['2027-03-10', '2027-03-11', '2027-03-12']);
  });
});

describe('checkConciergeOrder', () => {
  it('prices an order from the catalogue, with the option in its spelling', () => {
    expect(checkConciergeOrder({ addOnId: 3, date: '2027-03-11', time: '18:30' }, stay, early)).toEqual({
      name: 'Private Chef',
      price: 200_00,
      option: null,
    });
    expect(
      checkConciergeOrder({ addOnId: 1, option: 'weekly', date: '2027-03-10', time: '10:00' }, stay, early),
    ).toEqual({ name: 'Housekeeping', price: 100_00, option: 'Weekly' });
  });

  it('takes orders until the deadline and not a second later', () => {
    const deadline = conciergeOrderDeadline(stay.checkIn, denver);
    const order = { addOnId: 4, date: '2027-03-10', time: '12:00' };
    expect(checkConciergeOrder(order, stay, deadline).name).toBe('Grocery Delivery');
    expect(ruleMessage(() => checkConciergeOrder(order, stay, new Date(deadline.getTime() + 1)))).toMatch(
      /until 48 hours before check-in/,
    );
  });

  it('takes days of the stay only: check-in day yes, check-out day no', () => {
    expect(checkConciergeOrder({ addOnId: 4, date: '2027-03-13', time: '09:00' }, stay, early).price).toBe(50_00);
    for (const date of ['2027-03-09', '2027-03-14']) {
      expect(ruleMessage(() => checkConciergeOrder({ addOnId: 4, date, time: '09:00' }, stay, early))).toBe(
        'Choose a day of your stay, from check-in day to the last night.',
      );
    }
  });

  it('keeps spa and guided tours between 08:00 and 20:00', () => {
    for (const addOnId of [2, 6]) {
      for (const time of ['08:00', '13:15', '20:00']) {
        expect(checkConciergeOrder({ addOnId, date: '2027-03-11', time }, stay, early).option).toBeNull();
      }
      for (const time of ['07:59', '20:01', '23:00']) {
        expect(ruleMessage(() => checkConciergeOrder({ addOnId, date: '2027-03-11', time }, stay, early))).toMatch(
          /during the day: choose a time between 08:00 and 20:00/,
        );
      }
    }
    // A private chef may cook late.
    expect(checkConciergeOrder({ addOnId: 3, date: '2027-03-11', time: '21:00' }, stay, early).name).toBe(
      'Private Chef',
    );
  });

  it('books one private chef per evening', () => {
    const booked = { ...stay, chefDates: ['2027-03-11'] };
    expect(
      ruleMessage(() => checkConciergeOrder({ addOnId: 3, date: '2027-03-11', time: '18:00' }, booked, early)),
    ).toMatch(/already booked for that evening/);
    expect(checkConciergeOrder({ addOnId: 3, date: '2027-03-12', time: '18:00' }, booked, early).name).toBe(
      'Private Chef',
    );
  });

  it('refuses an unknown add-on and a missing or wrong option', () => {
    expect(ruleMessage(() => checkConciergeOrder({ addOnId: 9, date: '2027-03-11', time: '10:00' }, stay, early))).toBe(
      'There is no add-on 9.',
    );
    expect(ruleMessage(() => checkConciergeOrder({ addOnId: 1, date: '2027-03-11', time: '10:00' }, stay, early))).toBe(
      'Choose Daily, Weekly, Bi-weekly for Housekeeping.',
    );
    expect(
      ruleMessage(() =>
        checkConciergeOrder({ addOnId: 1, option: 'Hourly', date: '2027-03-11', time: '10:00' }, stay, early),
      ),
    ).toMatch(/Choose Daily/);
  });
});

describe('conciergeOrderBodySchema', () => {
  it('takes an add-on, a date and a time of day', () => {
    expect(conciergeOrderBodySchema.parse({ id: 3, date: '2027-03-11', time: '18:30' })).toEqual({
      id: 3,
      date: '2027-03-11',
      time: '18:30',
    });
  });

  it('refuses impossible dates and times and unknown fields', () => {
    for (const body of [
      { id: 3, date: '2027-02-30', time: '18:30' },
      { id: 3, date: '2027-03-11', time: '24:00' },
      { id: 3, date: '2027-03-11', time: '6pm' },
      { id: 3, date: '2027-03-11', time: '18:30', price: 1 },
      { id: 0, date: '2027-03-11', time: '18:30' },
    ]) {
      expect(conciergeOrderBodySchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
  });
});
