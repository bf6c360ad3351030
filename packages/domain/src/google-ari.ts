// Prices and availability for Google Vacation Rentals (issue 27, ADR 044):
// what Google is told about a home (the ARI snapshot), the OTA and Google XML
// messages that tell it, what a stay costs by those messages alone, and the
// price-accuracy twin that compares that with the quote engine. Pure: the
// server passes the rate card, the taken nights, today and the clock's time.
//
// Google's model, as we use it (one room type, one rate plan per home):
// - OTA_HotelAvailNotifRQ: each date open or closed for a stay that includes
//   that night, the minimum stay for an arrival that day, the maximum 30.
// - OTA_HotelRateAmountNotifRQ: each night's amount before tax (the weekend
//   and seasonal rates as they are).
// - TaxFeeInfo: the cleaning fee once per stay, the lodging tax as a percent
//   of nights plus fees after discounts.
// - Promotions: the automatic discounts (issue 26) a message can say: weekly
//   and monthly as a minimum length of stay, last-minute and early-bird as a
//   booking window. At most one applies, the one worth most (ADR 042). Gap
//   nights cannot be said: the twin reports such stays (reason `gap`).
import { currency as siteCurrency } from './constants.js';
import { addDays, nightsBetween, type IsoDate } from './dates.js';
import { centsToDecimal } from './money.js';
import { minStayFor, priceStay, seasonOf, isWeekendNight, taxCents, taxRulesOf, type RateCard } from './pricing.js';
import { percentOfCents, type AutomaticDiscountKind } from './promotions.js';

/** Days of prices and availability Google holds, from today. */
export const ariDaysAhead = 330;
/** Longest stay Google is told about. */
export const ariMaxStayNights = 30;
/** The one room type and rate plan of a home, as the messages name them. */
export const ariRoomCode = 'HOME';
export const ariRatePlanCode = 'DIRECT';
const otaNamespace = 'http://www.opentravel.org/OTA/2003/05';

/** One date as Google holds it: the night's amount, whether it can be stayed, the minimum stay arriving that day. */
export interface AriNight {
  date: IsoDate;
  /** Cents before tax; 0 on a home without rates. */
  rate: number;
  open: boolean;
  minStay: number;
}

/** An automatic discount as a Google promotion. */
export interface AriPromotion {
  kind: Exclude<AutomaticDiscountKind, 'gapNight'>;
  bps: number;
  /** Weekly, monthly: the stay's nights at least this. */
  minNights?: number;
  /** Early-bird: booked at least this many days ahead. */
  minDaysAhead?: number;
  /** Last-minute: booked at most this many days ahead. */
  maxDaysAhead?: number;
}

/** Everything Google holds about one home: kept in the database as last sent. */
export interface AriSnapshot {
  /** The first date (today at the home when built). */
  start: IsoDate;
  nights: AriNight[];
  /** Cents, once per stay. */
  cleaningFee: number;
  taxRateBps: number;
  promotions: AriPromotion[];
  maxGuests: number;
  maxStay: number;
}

export interface AriSnapshotInput {
  /** Null while the home has no rates: every date closed. */
  rates: RateCard | null;
  /** An unpublished home: every date closed. */
  published: boolean;
  today: IsoDate;
  taken: ReadonlySet<IsoDate>;
  maxGuests: number;
  days?: number;
}

/**
 * The longest stay Google is offered for a home: 30 nights, or fewer when one
 * of its tax lines exempts long stays (issue 29; the demo's Colorado lines
 * from 30 nights). TaxFeeInfo says a percent, not a percent that stops at a
 * length, so Google is not offered the stays whose tax it could not compute:
 * those are sold on the site itself.
 */
export function ariMaxStayFor(rates: RateCard | null): number {
  if (!rates) return ariMaxStayNights;
  const exemptions = taxRulesOf(rates).flatMap((rule) =>
    rule.exemptFromNights === null ? [] : [rule.exemptFromNights],
  );
  return Math.max(1, Math.min(ariMaxStayNights, ...exemptions.map((nights) => nights - 1)));
}

/** The combined percent of a home's tax lines (basis points), as TaxFeeInfo states it. */
function ariTaxRateBps(rates: RateCard | null): number {
  return rates ? taxRulesOf(rates).reduce((sum, rule) => sum + rule.rateBps, 0) : 0;
}

/** What the ARI messages would say about a home now. */
export function buildAriSnapshot(input: AriSnapshotInput): AriSnapshot {
  const { rates, today } = input;
  const days = input.days ?? ariDaysAhead;
  const sellable = rates !== null && input.published;
  const nights: AriNight[] = [];
  for (let i = 0; i < days; i += 1) {
    const date = addDays(today, i);
    if (!rates) {
      nights.push({ date, rate: 0, open: false, minStay: 1 });
      continue;
    }
    const season = seasonOf(rates, date);
    const weekend = isWeekendNight(date);
    const rate = weekend ? (season?.weekend ?? rates.weekend) : (season?.nightly ?? rates.nightly);
    nights.push({
      date,
      rate,
      open: sellable && !input.taken.has(date),
      minStay: Math.max(1, minStayFor(rates, date)),
    });
  }
  return {
    start: today,
    nights,
    cleaningFee: rates?.cleaningFee ?? 0,
    taxRateBps: ariTaxRateBps(rates),
    promotions: promotionsOf(rates),
    maxGuests: input.maxGuests,
    maxStay: ariMaxStayFor(rates),
  };
}

function promotionsOf(rates: RateCard | null): AriPromotion[] {
  const d = rates?.discounts;
  if (!d) return [];
  const list: AriPromotion[] = [];
  // The order breaks ties as bestAutomaticDiscount does: weekly, monthly, last-minute, early-bird.
  if (d.weeklyBps > 0) list.push({ kind: 'weekly', bps: d.weeklyBps, minNights: 7 });
  if (d.monthlyBps > 0) list.push({ kind: 'monthly', bps: d.monthlyBps, minNights: 28 });
  if (d.lastMinute && d.lastMinute.bps > 0)
    list.push({ kind: 'lastMinute', bps: d.lastMinute.bps, maxDaysAhead: d.lastMinute.days });
  if (d.earlyBird && d.earlyBird.bps > 0)
    list.push({ kind: 'earlyBird', bps: d.earlyBird.bps, minDaysAhead: d.earlyBird.days });
  return list;
}

// Changes --------------------------------------------------------------------

/** What differs between what Google holds and what it should: the dates to send, and whether taxes or promotions moved. */
export interface AriChanges {
  avail: AriNight[];
  rates: AriNight[];
  taxFee: boolean;
  promotions: boolean;
}

/** Everything in `next` that `previous` (what Google holds; null: nothing) does not say the same way. */
export function diffAri(previous: AriSnapshot | null, next: AriSnapshot): AriChanges {
  if (!previous) return { avail: next.nights, rates: next.nights, taxFee: true, promotions: true };
  const before = new Map(previous.nights.map((night) => [night.date, night]));
  const avail: AriNight[] = [];
  const rates: AriNight[] = [];
  // The maximum stay is said with every night's availability: a new one is sent for all of them.
  const maxStayMoved = previous.maxStay !== next.maxStay;
  for (const night of next.nights) {
    const old = before.get(night.date);
    if (maxStayMoved || !old || old.open !== night.open || old.minStay !== night.minStay) avail.push(night);
    if (!old || old.rate !== night.rate) rates.push(night);
  }
  return {
    avail,
    rates,
    taxFee: previous.cleaningFee !== next.cleaningFee || previous.taxRateBps !== next.taxRateBps,
    promotions: JSON.stringify(previous.promotions) !== JSON.stringify(next.promotions),
  };
}

export function hasAriChanges(changes: AriChanges): boolean {
  return changes.avail.length > 0 || changes.rates.length > 0 || changes.taxFee || changes.promotions;
}

// Messages -------------------------------------------------------------------

export type AriMessageType = 'avail' | 'rate' | 'taxFee' | 'promotions';

export interface AriMessage {
  type: AriMessageType;
  body: string;
}

export interface AriMessageContext {
  /** The home's listing number (propertyId), Google's HotelCode. */
  hotelCode: string;
  /** The partner account the messages are for (GOOGLE_PARTNER_KEY). */
  partner: string;
  /** When the messages are built: their TimeStamp, which orders them at Google. */
  timestamp: Date;
  /** Unique per batch: each message's id is it plus the message type. */
  batchId: string;
}

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Consecutive dates whose `key` is equal, as inclusive [start, end] runs. */
function runs(nights: readonly AriNight[], key: (night: AriNight) => string): { start: AriNight; end: IsoDate }[] {
  const out: { start: AriNight; end: IsoDate }[] = [];
  for (const night of nights) {
    const last = out.at(-1);
    if (last && addDays(last.end, 1) === night.date && key(last.start) === key(night)) last.end = night.date;
    else out.push({ start: night, end: night.date });
  }
  return out;
}

function otaOpen(name: string, ctx: AriMessageContext, suffix: string, extra = ''): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<${name} xmlns="${otaNamespace}" EchoToken="${escapeXml(ctx.batchId)}-${suffix}"` +
    ` TimeStamp="${ctx.timestamp.toISOString()}" Version="3.0"${extra}>\n` +
    `  <POS><Source><RequestorID ID="${escapeXml(ctx.partner)}"/></Source></POS>\n`
  );
}

function control(start: IsoDate, end: IsoDate): string {
  return `<StatusApplicationControl Start="${start}" End="${end}" InvTypeCode="${ariRoomCode}" RatePlanCode="${ariRatePlanCode}"/>`;
}

/** OTA_HotelAvailNotifRQ: open or closed and the minimum stay, by date runs. */
export function availMessage(ctx: AriMessageContext, nights: readonly AriNight[], maxStay: number): string {
  const body = runs(nights, (n) => `${n.open}|${n.minStay}`)
    .map(
      ({ start, end }) =>
        `    <AvailStatusMessage>\n      ${control(start.date, end)}\n` +
        `      <LengthsOfStay><LengthOfStay MinMaxMessageType="SetMinLOS" Time="${start.minStay}"/>` +
        `<LengthOfStay MinMaxMessageType="SetMaxLOS" Time="${maxStay}"/></LengthsOfStay>\n` +
        `      <RestrictionStatus Status="${start.open ? 'Open' : 'Close'}"/>\n    </AvailStatusMessage>\n`,
    )
    .join('');
  return (
    otaOpen('OTA_HotelAvailNotifRQ', ctx, 'avail') +
    `  <AvailStatusMessages HotelCode="${escapeXml(ctx.hotelCode)}">\n${body}  </AvailStatusMessages>\n</OTA_HotelAvailNotifRQ>\n`
  );
}

/** OTA_HotelRateAmountNotifRQ: each night's amount before tax, by date runs. */
export function rateMessage(ctx: AriMessageContext, nights: readonly AriNight[], maxGuests: number): string {
  const code = siteCurrency.toUpperCase();
  const body = runs(nights, (n) => String(n.rate))
    .map(
      ({ start, end }) =>
        `    <RateAmountMessage>\n      ${control(start.date, end)}\n` +
        `      <Rates><Rate><BaseByGuestAmts><BaseByGuestAmt AmountBeforeTax="${centsToDecimal(start.rate)}" CurrencyCode="${code}" NumberOfGuests="${maxGuests}"/></BaseByGuestAmts></Rate></Rates>\n` +
        `    </RateAmountMessage>\n`,
    )
    .join('');
  return (
    otaOpen('OTA_HotelRateAmountNotifRQ', ctx, 'rate', ' NotifType="Overlay"') +
    `  <RateAmountMessages HotelCode="${escapeXml(ctx.hotelCode)}">\n${body}  </RateAmountMessages>\n</OTA_HotelRateAmountNotifRQ>\n`
  );
}

function percentText(bps: number): string {
  return centsToDecimal(bps).replace(/\.?0+$/, '');
}

/** Google's TaxFeeInfo: the cleaning fee per stay and the lodging tax as a percent. */
export function taxFeeMessage(ctx: AriMessageContext, snapshot: AriSnapshot): string {
  const code = siteCurrency.toUpperCase();
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<TaxFeeInfo timestamp="${ctx.timestamp.toISOString()}" id="${escapeXml(ctx.batchId)}-taxfee" partner="${escapeXml(ctx.partner)}">\n` +
    `  <Property>\n    <ID>${escapeXml(ctx.hotelCode)}</ID>\n` +
    `    <Taxes><Tax><Type>percent</Type><Basis>per_room</Basis><Period>per_stay</Period><Amount>${percentText(snapshot.taxRateBps)}</Amount></Tax></Taxes>\n` +
    `    <Fees><Fee><Type>fixed</Type><Basis>per_room</Basis><Period>per_stay</Period><Amount currency="${code}">${centsToDecimal(snapshot.cleaningFee)}</Amount></Fee></Fees>\n` +
    `  </Property>\n</TaxFeeInfo>\n`
  );
}

/** Google's Promotions: the automatic discounts; an empty list withdraws them all. */
export function promotionsMessage(ctx: AriMessageContext, snapshot: AriSnapshot): string {
  const body = snapshot.promotions
    .map((p) => {
      const rules = [
        p.minNights !== undefined ? `<LengthOfStay min="${p.minNights}" max="${snapshot.maxStay}"/>` : '',
        p.minDaysAhead !== undefined ? `<BookingWindow min="${p.minDaysAhead}"/>` : '',
        p.maxDaysAhead !== undefined ? `<BookingWindow max="${p.maxDaysAhead}"/>` : '',
      ].join('');
      return `    <Promotion id="${p.kind}">${rules}<Stacking type="none"/><Discount percentage="${percentText(p.bps)}"/></Promotion>\n`;
    })
    .join('');
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<Promotions partner="${escapeXml(ctx.partner)}" id="${escapeXml(ctx.batchId)}-promotions" timestamp="${ctx.timestamp.toISOString()}">\n` +
    `  <HotelPromotions hotel_id="${escapeXml(ctx.hotelCode)}">\n${body}  </HotelPromotions>\n</Promotions>\n`
  );
}

/** The messages that bring Google from `previous` to `next`, in the order they must arrive. */
export function ariMessages(ctx: AriMessageContext, previous: AriSnapshot | null, next: AriSnapshot): AriMessage[] {
  const changes = diffAri(previous, next);
  const messages: AriMessage[] = [];
  // Rates before the nights they open, so a night never opens at an old price.
  if (changes.rates.length > 0) messages.push({ type: 'rate', body: rateMessage(ctx, changes.rates, next.maxGuests) });
  if (changes.taxFee) messages.push({ type: 'taxFee', body: taxFeeMessage(ctx, next) });
  if (changes.promotions) messages.push({ type: 'promotions', body: promotionsMessage(ctx, next) });
  if (changes.avail.length > 0) messages.push({ type: 'avail', body: availMessage(ctx, changes.avail, next.maxStay) });
  return messages;
}

// Totals and the twin ----------------------------------------------------------

export type AriStayTotal =
  | { ok: true; base: number; discount: number; fees: number; taxes: number; total: number }
  | { ok: false; reason: string };

/** What a stay costs by what Google holds alone, booked on `today`; or why Google would not offer it. */
export function ariStayTotal(snapshot: AriSnapshot, checkIn: IsoDate, checkOut: IsoDate, today: IsoDate): AriStayTotal {
  const first = nightsBetween(snapshot.start, checkIn);
  const count = nightsBetween(checkIn, checkOut);
  if (first < 0 || first + count > snapshot.nights.length) return { ok: false, reason: 'outside the dates sent' };
  const nights = snapshot.nights.slice(first, first + count);
  if (nights.some((night) => !night.open)) return { ok: false, reason: 'closed' };
  const arrival = nights[0];
  if (!arrival || count < arrival.minStay) return { ok: false, reason: 'below the minimum stay' };
  if (count > snapshot.maxStay) return { ok: false, reason: 'above the maximum stay' };
  const base = nights.reduce((sum, night) => sum + night.rate, 0);
  const daysAhead = nightsBetween(today, checkIn);
  let discount = 0;
  for (const p of snapshot.promotions) {
    if (p.minNights !== undefined && count < p.minNights) continue;
    if (p.minDaysAhead !== undefined && daysAhead < p.minDaysAhead) continue;
    if (p.maxDaysAhead !== undefined && daysAhead > p.maxDaysAhead) continue;
    discount = Math.max(discount, Math.min(base, percentOfCents(base, p.bps)));
  }
  const fees = snapshot.cleaningFee;
  const taxes = taxCents(base - discount + fees, snapshot.taxRateBps);
  return { ok: true, base, discount, fees, taxes, total: base - discount + fees + taxes };
}

export interface TwinMismatch {
  /** The home's listing number. */
  propertyId: string;
  checkIn: IsoDate;
  checkOut: IsoDate;
  /** Cents; null when Google would not offer the stay. */
  ariTotal: number | null;
  /** Cents; null when the site would not sell it. */
  siteTotal: number | null;
  reason: string;
}

export interface TwinHome {
  propertyId: string;
  /** What Google was last sent; null: nothing yet. */
  sent: AriSnapshot | null;
  /** The home's rates now (the quote engine's input); null: none. */
  rates: RateCard | null;
  published: boolean;
  taken: ReadonlySet<IsoDate>;
  maxGuests: number;
  petsAllowed: boolean;
}

export interface TwinResult {
  itineraries: number;
  mismatches: TwinMismatch[];
}

/**
 * Every check-in in the next `ariDaysAhead` days (those Google holds) and every length from the
 * home's minimum stay to 30 nights: the total Google's messages imply against
 * what the quote engine (priceStay) charges. Stays neither side sells agree.
 */
export function compareTwin(home: TwinHome, today: IsoDate, days = ariDaysAhead): TwinResult {
  const mismatches: TwinMismatch[] = [];
  let itineraries = 0;
  const shortest = Math.max(1, home.rates?.minStay ?? 1);
  const longest = ariMaxStayFor(home.published ? home.rates : null);
  // Only stays inside the dates Google holds: one sent yesterday ends a day
  // earlier, and Google offers nothing past its end (the nightly refresh moves it).
  const horizon = home.sent
    ? Math.min(days, nightsBetween(today, addDays(home.sent.start, home.sent.nights.length)))
    : days;
  const guests = { adults: 1, children: 0, infants: 0, pets: 0 };
  for (let d = 0; d < horizon; d += 1) {
    const checkIn = addDays(today, d);
    // Stays longer than Google is offered (ariMaxStayFor) are the site's alone: not compared.
    for (let length = shortest; length <= longest && d + length <= horizon; length += 1) {
      const checkOut = addDays(checkIn, length);
      itineraries += 1;
      const ari = home.sent
        ? ariStayTotal(home.sent, checkIn, checkOut, today)
        : ({ ok: false, reason: 'nothing sent' } as const);
      const site =
        home.rates && home.published
          ? priceStay({
              checkIn,
              checkOut,
              guests,
              rates: home.rates,
              today,
              unavailableNights: home.taken,
              maxGuests: home.maxGuests,
              petsAllowed: home.petsAllowed,
            })
          : null;
      const siteTotal = site?.ok ? site.quote.total : null;
      const ariTotal = ari.ok ? ari.total : null;
      if (siteTotal === ariTotal) continue;
      let reason: string;
      if (ariTotal === null) reason = `Google would not offer it (${ari.ok ? '' : ari.reason}); the site sells it`;
      else if (siteTotal === null)
        reason = `the site would not sell it (${site && !site.ok ? site.error.code : 'not for sale'}); Google offers it`;
      else if (site?.ok && site.quote.discounts.some((line) => line.kind === 'gapNight'))
        reason = 'gap-night discount, which Google cannot be told';
      else reason = 'price differs';
      mismatches.push({ propertyId: home.propertyId, checkIn, checkOut, ariTotal, siteTotal, reason });
    }
  }
  return { itineraries, mismatches };
}
