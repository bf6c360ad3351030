// The booking e-mails, as HTML and plain text. Every value from the database
// or the guest is escaped in the HTML; the layout uses tables and inline
// styles because that is what mail clients render reliably.
import type { BookingAddOn, BookingGuests } from '@sas/db';
import {
  cancellationPolicy,
  cancellationTerms,
  companyName,
  companyPhone,
  companyPhoneHref,
  formatDateWithWeekday,
  formatLongDate,
  formatParty,
  formatUsd,
  officeAddress,
  pluralize,
  tripLinkHours,
  type IsoDate,
} from '@sas/domain';
import { escapeHtml } from '../../lib/head.js';

export interface BookingEmailData {
  code: string;
  propertyName: string;
  /** "Breckenridge, CO" */
  propertyLocation: string;
  /** Absolute link to the home's page. */
  propertyUrl: string;
  checkIn: IsoDate;
  checkOut: IsoDate;
  nights: number;
  guests: BookingGuests;
  firstName: string | null;
  addOns: readonly BookingAddOn[];
  baseCents: number;
  feesCents: number;
  taxesCents: number;
  addOnsCents: number;
  totalCents: number;
  /** The confirmation's link to the booking's page (ADR 028), valid 24 hours. */
  tripUrl?: string | undefined;
  /** The stay's charges when paid in installments (issue 17): what was paid today and what is due when. */
  schedule?: readonly { dueDate: IsoDate; amountCents: number; paid: boolean }[] | undefined;
  /** The home's security deposit, held around the stay; 0 or absent when none. */
  depositCents?: number | undefined;
  /** The rental agreement the guest accepted. */
  agreement?: { version: string; acceptedAt: string } | null | undefined;
}

function scheduleLine(charge: { dueDate: IsoDate; amountCents: number; paid: boolean }): [string, string] {
  return [charge.paid ? 'Paid today' : `Due ${formatLongDate(charge.dueDate)}`, formatUsd(charge.amountCents)];
}

/** The agreement's line: its version and the instant it was accepted (UTC, as recorded). */
function agreementLine(agreement: { version: string; acceptedAt: string }): string {
  return `You accepted the rental agreement (version ${agreement.version}) on ${agreement.acceptedAt.replace('T', ' at ').replace(/\.\d+Z$/, ' UTC')}.`;
}

function moneyOverTimeHtml(data: BookingEmailData): string {
  const parts: string[] = [];
  if (data.schedule && data.schedule.length > 1) {
    parts.push(
      `<h2 style="font-size:17px;margin:24px 0 8px">Payment schedule</h2>${table(
        data.schedule.map((charge) => row(...scheduleLine(charge))),
      )}<p>The later installments are charged to the same card on their due dates. If one does not go through, you have 72 hours to pay it from your booking's page.</p>`,
    );
  }
  if (data.depositCents) {
    parts.push(
      `<p>Security deposit: a hold of <strong>${escapeHtml(formatUsd(data.depositCents))}</strong> is placed on your card 7 days before check-in and released 2 days after check-out. A ${escapeHtml(formatUsd(200))} charge checks your card now and is refunded within 48 hours.</p>`,
    );
  }
  if (data.agreement) parts.push(`<p>${escapeHtml(agreementLine(data.agreement))}</p>`);
  return parts.join('\n');
}

function moneyOverTimeText(data: BookingEmailData): string[] {
  const lines: string[] = [];
  if (data.schedule && data.schedule.length > 1) {
    lines.push('', 'Payment schedule:', ...data.schedule.map((charge) => `- ${scheduleLine(charge).join(': ')}`));
  }
  if (data.depositCents) {
    lines.push(
      '',
      `Security deposit: a hold of ${formatUsd(data.depositCents)} is placed on your card 7 days before check-in and released 2 days after check-out. A ${formatUsd(200)} charge checks your card now and is refunded within 48 hours.`,
    );
  }
  if (data.agreement) lines.push('', agreementLine(data.agreement));
  return lines;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/**
 * The cancellation terms, in the guest's words, from the same numbers as the
 * policies page (@sas/domain policies.ts), so the two cannot disagree. The
 * page has the full text; the e-mail carries what a guest needs to decide.
 */
export const cancellationSummary: readonly string[] = cancellationTerms();

const refundDays = `${cancellationPolicy.refundBusinessDays.min}-${cancellationPolicy.refundBusinessDays.max} business days`;

function addOnLabel(addOn: BookingAddOn): string {
  return addOn.option ? `${addOn.name} (${addOn.option})` : addOn.name;
}

/** With the day and time (home's clock) the service is booked for, when it has them. */
function scheduledAddOnLabel(addOn: BookingAddOn): string {
  return addOn.date && addOn.time
    ? `${addOnLabel(addOn)}, ${formatDateWithWeekday(addOn.date)} at ${addOn.time}`
    : addOnLabel(addOn);
}

const fontStack = "-apple-system, 'Segoe UI', Helvetica, Arial, sans-serif";

/** The page around every booking e-mail: heading, body, contact footer. */
export function layout(title: string, body: string): string {
  const phone = escapeHtml(companyPhone);
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f4f1ec;font-family:${fontStack};color:#1f2a30">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f1ec"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px">
<tr><td style="padding:28px 32px 8px;font-size:14px;letter-spacing:2px;text-transform:uppercase;color:#55707d">${escapeHtml(companyName)}</td></tr>
<tr><td style="padding:0 32px 8px"><h1 style="margin:0;font-size:24px;line-height:1.3">${escapeHtml(title)}</h1></td></tr>
<tr><td style="padding:8px 32px 24px;font-size:15px;line-height:1.6">${body}</td></tr>
<tr><td style="padding:16px 32px 28px;border-top:1px solid #e4e0da;font-size:13px;line-height:1.6;color:#55707d">
Questions? Call us at <a href="${escapeHtml(companyPhoneHref)}" style="color:#1f5f7a">${phone}</a> or reply to this e-mail.<br>
${escapeHtml(companyName)} &middot; ${escapeHtml(officeAddress)}
</td></tr>
</table></td></tr></table>
</body>
</html>
`;
}

export function row(label: string, value: string, strong = false): string {
  const weight = strong ? 'font-weight:bold;' : '';
  return `<tr><td style="padding:4px 0;${weight}">${escapeHtml(label)}</td><td align="right" style="padding:4px 0;${weight}">${escapeHtml(value)}</td></tr>`;
}

export function table(rows: string[]): string {
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="font-size:15px">${rows.join('')}</table>`;
}

function stayRows(data: BookingEmailData): string[] {
  return [
    row('Booking code', data.code, true),
    row('Home', data.propertyName),
    row('Location', data.propertyLocation),
    row('Check-in', formatLongDate(data.checkIn)),
    row('Check-out', formatLongDate(data.checkOut)),
    row('Nights', String(data.nights)),
    row('Guests', formatParty(data.guests)),
  ];
}

function priceRows(data: BookingEmailData): string[] {
  return [
    row(`Stay (${pluralize(data.nights, 'night')})`, formatUsd(data.baseCents)),
    row('Cleaning fee', formatUsd(data.feesCents)),
    row('Taxes', formatUsd(data.taxesCents)),
    ...data.addOns.map((addOn) => row(addOnLabel(addOn), formatUsd(addOn.price))),
    row('Total paid', formatUsd(data.totalCents), true),
  ];
}

export function textBlock(lines: readonly (string | null)[]): string {
  return lines.filter((line): line is string => line !== null).join('\n');
}

export function greeting(firstName: string | null): string {
  return firstName ? `Hi ${firstName},` : 'Hello,';
}

function textStay(data: BookingEmailData): string[] {
  return [
    `Booking code: ${data.code}`,
    `Home: ${data.propertyName} (${data.propertyLocation})`,
    `Check-in: ${formatLongDate(data.checkIn)}`,
    `Check-out: ${formatLongDate(data.checkOut)}`,
    `Nights: ${data.nights}`,
    `Guests: ${formatParty(data.guests)}`,
  ];
}

export function textFooter(): string[] {
  return ['', `Questions? Call us at ${companyPhone} or reply to this e-mail.`, `${companyName}, ${officeAddress}`];
}

/** The confirmation a guest receives once the payment succeeded and the stay is booked. */
export function renderBookingConfirmation(data: BookingEmailData, { resend = false } = {}): RenderedEmail {
  const title = 'Your stay is confirmed';
  const subject = `${resend ? 'Copy: ' : ''}Your ${companyName} booking ${data.code} is confirmed`;
  const addOnsHtml =
    data.addOns.length === 0
      ? ''
      : `<h2 style="font-size:17px;margin:24px 0 8px">Add-ons</h2>${table(
          data.addOns.map((addOn) => row(scheduledAddOnLabel(addOn), formatUsd(addOn.price))),
        )}`;
  const html = layout(
    title,
    `<p>${escapeHtml(greeting(data.firstName))}</p>
<p>Thank you for booking with us. Your payment has been received and <a href="${escapeHtml(data.propertyUrl)}" style="color:#1f5f7a">${escapeHtml(data.propertyName)}</a> is reserved for you. Keep your booking code handy: it is all we need to find your stay.</p>
${table(stayRows(data))}
${addOnsHtml}
<h2 style="font-size:17px;margin:24px 0 8px">Price</h2>
${table(priceRows(data))}
${moneyOverTimeHtml(data)}
<h2 style="font-size:17px;margin:24px 0 8px">Cancellation policy</h2>
<ul style="margin:0;padding-left:20px">${cancellationSummary.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
<p>We will be in touch before your arrival with check-in details.</p>${
      data.tripUrl
        ? `\n<p><a href="${escapeHtml(data.tripUrl)}" style="color:#1f5f7a">Manage your trip</a>: see your booking or cancel it. The link works for ${tripLinkHours} hours; after that, find your booking with its code and your e-mail.</p>`
        : ''
    }`,
  );
  const text = textBlock([
    greeting(data.firstName),
    '',
    `Thank you for booking with ${companyName}. Your payment has been received and your stay is confirmed.`,
    '',
    ...textStay(data),
    `Home page: ${data.propertyUrl}`,
    ...(data.addOns.length > 0
      ? ['', 'Add-ons:', ...data.addOns.map((addOn) => `- ${scheduledAddOnLabel(addOn)}: ${formatUsd(addOn.price)}`)]
      : []),
    '',
    'Price:',
    `- Stay (${pluralize(data.nights, 'night')}): ${formatUsd(data.baseCents)}`,
    `- Cleaning fee: ${formatUsd(data.feesCents)}`,
    `- Taxes: ${formatUsd(data.taxesCents)}`,
    ...data.addOns.map((addOn) => `- ${addOnLabel(addOn)}: ${formatUsd(addOn.price)}`),
    `Total paid: ${formatUsd(data.totalCents)}`,
    ...moneyOverTimeText(data),
    '',
    'Cancellation policy:',
    ...cancellationSummary.map((line) => `- ${line}`),
    '',
    'We will be in touch before your arrival with check-in details.',
    ...(data.tripUrl ? ['', `Manage your trip (the link works for ${tripLinkHours} hours): ${data.tripUrl}`] : []),
    ...textFooter(),
  ]);
  return { subject, html, text };
}

/** When the paid nights were taken before the booking could be made: the payment went back. */
export function renderRefundNotice(data: BookingEmailData): RenderedEmail {
  const title = 'Your payment has been refunded';
  const subject = `We could not keep your dates at ${data.propertyName}: your payment has been refunded`;
  const amount = formatUsd(data.totalCents);
  const html = layout(
    title,
    `<p>${escapeHtml(greeting(data.firstName))}</p>
<p>We are sorry: your payment went through, but the nights you chose at ${escapeHtml(data.propertyName)} were booked by someone else before we could confirm your stay. We have refunded the full amount of <strong>${escapeHtml(amount)}</strong> to your card; it arrives within ${refundDays}.</p>
${table([
  row('Home', data.propertyName),
  row('Check-in', formatLongDate(data.checkIn)),
  row('Check-out', formatLongDate(data.checkOut)),
  row('Refunded', amount, true),
])}
<p>Call us and we will gladly help you find other dates or another home.</p>`,
  );
  const text = textBlock([
    greeting(data.firstName),
    '',
    `We are sorry: your payment went through, but the nights you chose at ${data.propertyName} were booked by someone else before we could confirm your stay.`,
    `We have refunded the full amount of ${amount} to your card; it arrives within ${refundDays}.`,
    '',
    `Check-in: ${formatLongDate(data.checkIn)}`,
    `Check-out: ${formatLongDate(data.checkOut)}`,
    `Refunded: ${amount}`,
    '',
    'Call us and we will gladly help you find other dates or another home.',
    ...textFooter(),
  ]);
  return { subject, html, text };
}

export interface CancellationEmailData extends BookingEmailData {
  /** What the cancellation refunds, in cents (0 for none). */
  refundCents: number;
}

/** The guest's notice that their booking was cancelled, with what comes back and when. */
export function renderCancellationNotice(data: CancellationEmailData): RenderedEmail {
  const title = 'Your booking has been cancelled';
  const subject = `Your ${companyName} booking ${data.code} has been cancelled`;
  const refund = formatUsd(data.refundCents);
  const refundHtml =
    data.refundCents > 0
      ? `<p>We are refunding <strong>${escapeHtml(refund)}</strong> to the card you paid with; it arrives within ${refundDays}.</p>`
      : '<p>Under the cancellation policy this cancellation is not refunded.</p>';
  const html = layout(
    title,
    `<p>${escapeHtml(greeting(data.firstName))}</p>
<p>Your stay at ${escapeHtml(data.propertyName)} has been cancelled and its nights released.</p>
${refundHtml}
${table([...stayRows(data), row('Total paid', formatUsd(data.totalCents)), row('Refund', refund, true)])}
<p>If you did not expect this, please call us.</p>`,
  );
  const text = textBlock([
    greeting(data.firstName),
    '',
    `Your stay at ${data.propertyName} has been cancelled and its nights released.`,
    data.refundCents > 0
      ? `We are refunding ${refund} to the card you paid with; it arrives within ${refundDays}.`
      : 'Under the cancellation policy this cancellation is not refunded.',
    '',
    ...textStay(data),
    `Total paid: ${formatUsd(data.totalCents)}`,
    `Refund: ${refund}`,
    '',
    'If you did not expect this, please call us.',
    ...textFooter(),
  ]);
  return { subject, html, text };
}

/** The company's copy: which booking was cancelled, by whom, and the refund decided. */
export function renderCancellationCompanyNotice(
  data: CancellationEmailData & { cancelledBy: string; guestName: string },
): RenderedEmail {
  const title = `Booking ${data.code} cancelled`;
  const refund = formatUsd(data.refundCents);
  const html = layout(
    title,
    `<p>${escapeHtml(data.cancelledBy)} cancelled this booking; its nights are free again.</p>
${table([
  ...stayRows(data),
  row('Guest', data.guestName),
  row('Total paid', formatUsd(data.totalCents)),
  row('Refund', refund, true),
])}`,
  );
  const text = textBlock([
    `${data.cancelledBy} cancelled this booking; its nights are free again.`,
    '',
    ...textStay(data),
    `Guest: ${data.guestName}`,
    `Total paid: ${formatUsd(data.totalCents)}`,
    `Refund: ${refund}`,
  ]);
  return { subject: title, html, text };
}
