import { addDays, depositPolicy, isDemoBookingCode, minStayFor, nightsBetween, todayIn } from '@sas/domain';
import { describe, expect, it } from 'vitest';
import { buildSeedCatalog } from './catalog.js';
import { type DemoHome, demoHistoryDays, planDemoHistory } from './demo-history.js';

const now = new Date('2031-05-20T15:30:00Z');
const catalog = buildSeedCatalog({ now });

/** The catalogue's homes that take bookings through our own panel, as the server reads them. */
function demoHomes(): DemoHome[] {
  return catalog.properties
    .filter((home) => home.bookingWidgetUrl === null)
    .map((home) => {
      const rates = catalog.propertyRates.find((r) => r.propertyId === home.id)!;
      const seasons = catalog.seasonalRates
        .filter((s) => s.propertyId === home.id)
        .map((s) => ({
          name: s.name,
          start: s.startDate,
          end: s.endDate,
          nightly: s.nightlyCents,
          weekend: s.weekendCents,
          minStay: s.minStay,
        }));
      return {
        id: home.id,
        propertyId: home.propertyId,
        timeZone: home.timeZone,
        maxGuests: home.maxGuests,
        petsAllowed: home.petsAllowed ?? false,
        deposit: (home.depositCents ?? 0) > 0,
        reviewed: catalog.reviews.filter((r) => r.propertyId === home.id).length >= 6,
        minStay: (checkIn: string) => minStayFor({ minStay: rates.minStay ?? 1, seasons }, checkIn),
      };
    });
}

const homes = demoHomes();
const plan = planDemoHistory({ now, homes });
const homeOf = (id: string) => homes.find((home) => home.id === id)!;
const today = todayIn('America/Denver', now);

describe('the demo history plan', () => {
  it('is the same year for the same now', () => {
    expect(planDemoHistory({ now, homes: demoHomes() })).toEqual(plan);
  });

  it('fills a year back and five months ahead, most of it behind', () => {
    const past = plan.bookings.filter((b) => b.checkOut <= today);
    const ahead = plan.bookings.filter((b) => b.checkIn > today);
    expect(past.length).toBeGreaterThan(300);
    expect(ahead.length).toBeGreaterThan(40);
    expect(ahead.length).toBeLessThan(past.length / 2);
    for (const booking of plan.bookings) {
      expect(booking.checkOut > addDays(today, -demoHistoryDays.past - 8)).toBe(true);
      expect(booking.checkIn < addDays(today, demoHistoryDays.ahead + 1)).toBe(true);
    }
  });

  it('never puts two stays of one home on the same night, owner stays included', () => {
    const byHome = new Map<string, { checkIn: string; checkOut: string }[]>();
    for (const stay of [...plan.bookings, ...plan.ownerBlocks]) {
      const list = byHome.get(stay.homeId) ?? [];
      list.push(stay);
      byHome.set(stay.homeId, list);
    }
    for (const stays of byHome.values()) {
      stays.sort((a, b) => a.checkIn.localeCompare(b.checkIn));
      for (let i = 1; i < stays.length; i++) expect(stays[i]!.checkIn >= stays[i - 1]!.checkOut).toBe(true);
    }
  });

  it('books every stay before it starts and before now, for a party the home takes, for at least its minimum stay', () => {
    for (const booking of plan.bookings) {
      const home = homeOf(booking.homeId);
      expect(booking.bookedAt.getTime()).toBeLessThan(now.getTime());
      expect(todayIn(home.timeZone, booking.bookedAt) < booking.checkIn).toBe(true);
      expect(booking.party.adults).toBeGreaterThanOrEqual(1);
      expect(booking.party.adults + booking.party.children).toBeLessThanOrEqual(home.maxGuests);
      if (!home.petsAllowed) expect(booking.party.pets).toBe(0);
      expect(nightsBetween(booking.checkIn, booking.checkOut)).toBeGreaterThanOrEqual(home.minStay(booking.checkIn));
    }
  });

  it('marks every booking as the demo’s: SAS-DEM codes, each its own, and example.com guests', () => {
    const codes = plan.bookings.map((b) => b.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const booking of plan.bookings) {
      expect(isDemoBookingCode(booking.code)).toBe(true);
      expect(booking.code).toMatch(/^SAS-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/);
      expect(booking.guest.email).toMatch(/^[a-z]+\.[a-z]+@example\.com$/);
      expect(booking.guest.phoneNumber).toMatch(/^\+1 \d{3} 555 01\d\d$/);
    }
    for (const inquiry of plan.inquiries) expect(inquiry.email).toMatch(/@example\.com$/);
  });

  it('has upcoming stays paid in installments and with add-ons, and one whose deposit is held now', () => {
    const ahead = plan.bookings.filter((b) => b.checkIn > today && b.cancelledAt === null);
    expect(ahead.filter((b) => b.plan === 'installments').length).toBeGreaterThan(3);
    expect(ahead.filter((b) => b.addOns.length > 0).length).toBeGreaterThan(3);
    const held = plan.bookings.filter((b) => {
      const home = homeOf(b.homeId);
      const holdFrom = addDays(b.checkIn, -depositPolicy.preAuthorisedDaysBefore);
      const releaseOn = addDays(b.checkOut, depositPolicy.releasedDaysAfterCheckout);
      return home.deposit && b.cancelledAt === null && holdFrom < todayIn(home.timeZone, now) && releaseOn > today;
    });
    expect(held.length).toBeGreaterThan(0);
  });

  it('cancels one stay ahead more than 30 days out and one in the past within two days of booking', () => {
    const cancelled = plan.bookings.filter((b) => b.cancelledAt !== null);
    expect(cancelled).toHaveLength(2);
    const [ahead] = cancelled.filter((b) => b.checkIn > today);
    expect(nightsBetween(today, ahead!.checkIn)).toBeGreaterThan(30);
    expect(ahead!.cancelledAt!.getTime()).toBeLessThan(now.getTime());
    const [past] = cancelled.filter((b) => b.checkOut < today);
    expect(past!.cancelledAt!.getTime() - past!.bookedAt.getTime()).toBeLessThanOrEqual(48 * 3_600_000);
  });

  it('reviews some past stays, of homes that have reviews already, after check-out', () => {
    const reviewed = plan.bookings.filter((b) => b.review !== null);
    expect(reviewed.length).toBeGreaterThan(20);
    const ids = reviewed.map((b) => b.review!.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const booking of reviewed) {
      expect(homeOf(booking.homeId).reviewed).toBe(true);
      expect(booking.cancelledAt).toBeNull();
      expect(booking.review!.id).toMatch(/^rv-demo-\d{4}$/);
      expect(booking.review!.guestName).toBe(`${booking.guest.firstName} ${booking.guest.lastName.charAt(0)}.`);
      const [month, day, year] = booking.review!.reviewedAtDate.split('/').map(Number);
      const on = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
      expect(on > booking.checkOut && on < today).toBe(true);
    }
  });

  it('has owners’ own stays, past and ahead, and two owner inquiries', () => {
    expect(plan.ownerBlocks.some((b) => b.checkOut <= today)).toBe(true);
    expect(plan.ownerBlocks.some((b) => b.checkIn > today)).toBe(true);
    expect(plan.inquiries.map((i) => i.status)).toEqual(['new', 'contacted']);
  });
});
