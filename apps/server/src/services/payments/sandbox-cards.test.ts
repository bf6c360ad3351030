import { describe, expect, it } from 'vitest';
import { cardMessages, judgeTestCard, passesLuhn } from './sandbox-cards.js';

const now = new Date('2027-06-15T12:00:00Z');
const valid = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };

describe('judgeTestCard', () => {
  it("follows Stripe's test cards: 4242 pays, 0002 is declined, 9995 has insufficient funds", () => {
    expect(judgeTestCard(valid, now)).toEqual({ ok: true });
    expect(judgeTestCard({ ...valid, number: '4242 4242 4242 4242' }, now)).toEqual({ ok: true });
    expect(judgeTestCard({ ...valid, number: '4000000000000002' }, now)).toMatchObject({
      ok: false,
      message: 'Your card was declined.',
    });
    expect(judgeTestCard({ ...valid, number: '4000-0000-0000-9995' }, now)).toMatchObject({
      ok: false,
      message: 'Your card has insufficient funds.',
    });
  });

  it('refuses a number failing Luhn, a past expiry and a bad security code, in that order', () => {
    expect(judgeTestCard({ ...valid, number: '4242424242424241', expYear: 2001 }, now)).toMatchObject({
      message: 'Your card number is incorrect.',
    });
    expect(judgeTestCard({ ...valid, number: '42' }, now)).toMatchObject({ message: cardMessages.incorrectNumber });
    expect(judgeTestCard({ ...valid, expMonth: 5, expYear: 2027, cvc: '1' }, now)).toMatchObject({
      message: 'Your card has expired.',
    });
    expect(judgeTestCard({ ...valid, expMonth: 5, expYear: 27 }, now)).toMatchObject({
      message: cardMessages.expired,
    });
    // Valid through the end of its month.
    expect(judgeTestCard({ ...valid, expMonth: 6, expYear: 27 }, now)).toEqual({ ok: true });
    expect(judgeTestCard({ ...valid, expMonth: 13 }, now)).toMatchObject({ ok: false });
    for (const cvc of ['12', '12345', 'abc', '']) {
      expect(judgeTestCard({ ...valid, cvc }, now)).toMatchObject({
        message: "Your card's security code is incorrect.",
      });
    }
    expect(judgeTestCard({ ...valid, number: '378282246310005', cvc: '1234' }, now)).toEqual({ ok: true });
  });

  it('declines a real-looking card that is not a test card: nothing real is ever charged', () => {
    expect(passesLuhn('4111111111111111')).toBe(true);
    expect(judgeTestCard({ ...valid, number: '4111111111111111' }, now)).toMatchObject({
      ok: false,
      message: cardMessages.notATestCard,
    });
  });
});
