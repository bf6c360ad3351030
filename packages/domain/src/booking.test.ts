import { describe, expect, it } from 'vitest';
import {
  bookingConfirmationPayloadSchema,
  createPaymentIntentRequestSchema,
  isBookingCode,
  sandboxConfirmRequestSchema,
} from './booking.js';

const stay = {
  propertyId: '2f1c3d4e-5b6a-4c7d-8e9f-0a1b2c3d4e5f',
  checkIn: '2027-01-04',
  checkOut: '2027-01-07',
  guests: { adults: 2 },
  amount: 87_500,
  confirmationCode: 'TMP-1767225600000',
};

describe('booking contracts', () => {
  it('recognises booking codes without look-alike characters', () => {
    expect(isBookingCode('SAS-7K3Q9P')).toBe(true);
    expect(isBookingCode('SAS-7K3Q9')).toBe(false);
    expect(isBookingCode('SAS-OK3Q9P')).toBe(false);
    expect(isBookingCode('sas-7k3q9p')).toBe(false);
  });

  it('takes the add-ons as the browser sends them, keeping only what prices them', () => {
    const parsed = createPaymentIntentRequestSchema.parse({
      ...stay,
      addOns: [{ id: 1, name: 'Housekeeping', price: 100, option: 'Daily' }, { id: 3 }],
    });
    expect(parsed.guests).toEqual({ adults: 2, children: 0, infants: 0, pets: 0 });
    expect(parsed.addOns.map((a) => [a.id, a.option])).toEqual([
      [1, 'Daily'],
      [3, undefined],
    ]);
    expect(createPaymentIntentRequestSchema.parse(stay).addOns).toEqual([]);
  });

  it('refuses a non-integer amount, a bad date or an unknown field', () => {
    expect(createPaymentIntentRequestSchema.safeParse({ ...stay, amount: 875.5 }).success).toBe(false);
    expect(createPaymentIntentRequestSchema.safeParse({ ...stay, checkIn: '2027-02-30' }).success).toBe(false);
    expect(createPaymentIntentRequestSchema.safeParse({ ...stay, total: 1 }).success).toBe(false);
  });

  it("accepts SPEC.md's confirmation payload but needs the intent id and the contact details", () => {
    const payload = {
      id: 'pi_1',
      confirmationCode: 'pi_1',
      propertyId: stay.propertyId,
      propertyName: 'Bluebird Lodge',
      checkIn: stay.checkIn,
      checkOut: stay.checkOut,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phoneNumber: '555-0100',
      nights: 3,
      adults: 2,
      children: 0,
      pets: 0,
      basePrice: 600,
      taxes: 75,
      fees: 150,
      totalAmount: 825,
      paymentIntentId: 'pi_1',
      currency: 'usd',
      addOns: [{ id: 2, name: 'Spa Services', price: 150 }],
      roomType: 'whole home',
    };
    expect(bookingConfirmationPayloadSchema.safeParse(payload).success).toBe(true);
    expect(bookingConfirmationPayloadSchema.safeParse({ ...payload, email: 'nope' }).success).toBe(false);
    expect(bookingConfirmationPayloadSchema.safeParse({ ...payload, paymentIntentId: '' }).success).toBe(false);
    expect(bookingConfirmationPayloadSchema.safeParse({ ...payload, lastName: '  ' }).success).toBe(false);
  });

  it('needs a whole card for the sandbox', () => {
    const card = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };
    expect(sandboxConfirmRequestSchema.safeParse({ clientSecret: 's', card }).success).toBe(true);
    expect(sandboxConfirmRequestSchema.safeParse({ clientSecret: 's', card: { number: card.number } }).success).toBe(
      false,
    );
  });
});
