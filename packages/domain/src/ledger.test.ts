import { describe, expect, it } from 'vitest';
import { allocate, imbalance, receivedLines, refundedLines, stayShares, type StayMoney } from './ledger.js';

const stay: StayMoney = {
  baseCents: 100_000,
  discountCents: 10_000,
  feesCents: 15_000,
  addOnsCents: 5_000,
  taxesCents: 12_884,
  taxLines: [
    { jurisdiction: 'State', name: 'Sales', amountCents: 3_045 },
    { jurisdiction: 'Town', name: 'Lodging', amountCents: 9_839 },
  ],
};
const price = 90_000 + 15_000 + 5_000 + 12_884;

describe('stayShares', () => {
  it('shares the price between owner, commission, cleaning, add-ons and each tax', () => {
    const shares = stayShares(stay, 'owner-1', 2000);
    expect(shares.reduce((sum, s) => sum + s.cents, 0)).toBe(price);
    expect(shares.slice(0, 2).map((s) => s.cents)).toEqual([72_000, 18_000]);
  });
});

describe('allocate', () => {
  const shares = stayShares(stay, 'owner-1', 2000);
  it('shares installments so that they add up to the shares of the whole price', () => {
    const parts = [30_001, 40_000, price - 70_001];
    let before = 0;
    const sums = new Map<string, number>();
    for (const amount of parts) {
      const got = allocate(shares, before, amount);
      expect(got.reduce((sum, s) => sum + s.cents, 0)).toBe(amount);
      for (const s of got) sums.set(`${s.account}:${s.detail}`, (sums.get(`${s.account}:${s.detail}`) ?? 0) + s.cents);
      before += amount;
    }
    for (const s of shares) expect(sums.get(`${s.account}:${s.detail}`)).toBe(s.cents);
  });

  it('refunds half of a stay with half of each tax (within the cent the largest remainder moves)', () => {
    const half = allocate(shares, 0, Math.round(price / 2));
    expect(Math.abs((half.find((s) => s.detail === 'Lodging')?.cents ?? 0) - 9_839 / 2)).toBeLessThanOrEqual(1);
  });

  it('keeps money beyond the price whole', () => {
    expect(allocate(shares, price, 100).reduce((sum, s) => sum + s.cents, 0)).toBe(100);
  });
});

describe('lines', () => {
  it('balance, received and refunded', () => {
    const shares = allocate(stayShares(stay, null, 1500), 0, 50_000);
    expect(imbalance(receivedLines(50_000, shares))).toBe(0);
    expect(imbalance(refundedLines(50_000, shares))).toBe(0);
    for (const l of receivedLines(50_000, shares)) expect(l.debit === 0 || l.credit === 0).toBe(true);
  });
});
