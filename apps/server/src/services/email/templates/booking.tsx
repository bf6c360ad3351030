// The booking e-mails: the confirmation, the refund when the nights were
// lost, and the cancellation notices (the guest's and the company's copy).
import type { BookingAddOn, BookingGuests } from '@sas/db';
import {
  cancellationPolicy,
  cancellationTerms,
  companyName,
  formatDateWithWeekday,
  formatLongDate,
  formatParty,
  formatUsd,
  pluralize,
  tripLinkHours,
  type IsoDate,
} from '@sas/domain';
import {
  Fields,
  hiGreeting,
  List,
  Paragraph,
  SectionHeading,
  TextLink,
  type EmailContent,
  type Field,
} from '../layout.js';

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
  /** The discounts the stay was sold with (issue 26), each on its own line. */
  discounts?: readonly { name: string; amountCents: number }[] | undefined;
  feesCents: number;
  taxesCents: number;
  /** The taxes by jurisdiction (issue 29), adding up to taxesCents; one "Taxes" line when absent or empty. */
  taxLines?: readonly { name: string; amountCents: number }[] | undefined;
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

export interface CancellationEmailData extends BookingEmailData {
  /** What the cancellation refunds, in cents (0 for none). */
  refundCents: number;
}

/**
 * The cancellation terms, in the guest's words, from the same numbers as the
 * policies page (@sas/domain policies.ts), so the two cannot disagree. The
 * page has the full text; the e-mail carries what a guest needs to decide.
 */
const cancellationSummary: readonly string[] = cancellationTerms();

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

/** The agreement's line: its version and the instant it was accepted (UTC, as recorded). */
function agreementLine(agreement: { version: string; acceptedAt: string }): string {
  return `You accepted the rental agreement (version ${agreement.version}) on ${agreement.acceptedAt.replace('T', ' at ').replace(/\.\d+Z$/, ' UTC')}.`;
}

function stayFields(data: BookingEmailData): Field[] {
  return [
    { label: 'Booking code', value: data.code, strong: true },
    { label: 'Home', value: data.propertyName },
    { label: 'Location', value: data.propertyLocation },
    { label: 'Check-in', value: formatLongDate(data.checkIn) },
    { label: 'Check-out', value: formatLongDate(data.checkOut) },
    { label: 'Nights', value: String(data.nights) },
    { label: 'Guests', value: formatParty(data.guests) },
  ];
}

function priceFields(data: BookingEmailData): Field[] {
  return [
    { label: `Stay (${pluralize(data.nights, 'night')})`, value: formatUsd(data.baseCents) },
    ...(data.discounts ?? []).map((line) => ({ label: line.name, value: `−${formatUsd(line.amountCents)}` })),
    { label: 'Cleaning fee', value: formatUsd(data.feesCents) },
    ...(data.taxLines && data.taxLines.length > 0
      ? data.taxLines.map((line) => ({ label: line.name, value: formatUsd(line.amountCents) }))
      : [{ label: 'Taxes', value: formatUsd(data.taxesCents) }]),
    ...data.addOns.map((addOn) => ({ label: addOnLabel(addOn), value: formatUsd(addOn.price) })),
    { label: 'Total paid', value: formatUsd(data.totalCents), strong: true },
  ];
}

/** The installments, the deposit and the agreement, when the booking has them. */
function MoneyOverTime({ data }: { data: BookingEmailData }) {
  return (
    <>
      {data.schedule && data.schedule.length > 1 ? (
        <>
          <SectionHeading>Payment schedule</SectionHeading>
          <Fields
            bulleted
            fields={data.schedule.map((charge) => ({
              label: charge.paid ? 'Paid today' : `Due ${formatLongDate(charge.dueDate)}`,
              value: formatUsd(charge.amountCents),
            }))}
          />
          <Paragraph>
            The later installments are charged to the same card on their due dates. If one does not go through, you have
            72 hours to pay it from your booking&apos;s page.
          </Paragraph>
        </>
      ) : null}
      {data.depositCents ? (
        <Paragraph>
          {'Security deposit: a hold of '}
          <strong>{formatUsd(data.depositCents)}</strong>
          {` is placed on your card 7 days before check-in and released 2 days after check-out. A ${formatUsd(200)} charge checks your card now and is refunded within 48 hours.`}
        </Paragraph>
      ) : null}
      {data.agreement ? <Paragraph>{agreementLine(data.agreement)}</Paragraph> : null}
    </>
  );
}

/** The confirmation a guest receives once the payment succeeded and the stay is booked (`resend`: a copy). */
export function bookingConfirmation(data: BookingEmailData & { resend?: boolean | undefined }): EmailContent {
  return {
    subject: `${data.resend ? 'Copy: ' : ''}Your ${companyName} booking ${data.code} is confirmed`,
    title: 'Your stay is confirmed',
    body: (
      <>
        <Paragraph>{hiGreeting(data.firstName)}</Paragraph>
        <Paragraph>
          {'Thank you for booking with us. Your payment has been received and '}
          <TextLink href={data.propertyUrl}>{data.propertyName}</TextLink>
          {' is reserved for you. Keep your booking code handy: it is all we need to find your stay.'}
        </Paragraph>
        <Fields fields={stayFields(data)} />
        {data.addOns.length > 0 ? (
          <>
            <SectionHeading>Add-ons</SectionHeading>
            <Fields
              bulleted
              fields={data.addOns.map((addOn) => ({
                label: scheduledAddOnLabel(addOn),
                value: formatUsd(addOn.price),
              }))}
            />
          </>
        ) : null}
        <SectionHeading>Price</SectionHeading>
        <Fields bulleted fields={priceFields(data)} />
        <MoneyOverTime data={data} />
        <SectionHeading>Cancellation policy</SectionHeading>
        <List items={cancellationSummary} />
        <Paragraph>We will be in touch before your arrival with check-in details.</Paragraph>
        {data.tripUrl ? (
          <Paragraph>
            <TextLink href={data.tripUrl}>Manage your trip</TextLink>
            {`: see your booking or cancel it. The link works for ${tripLinkHours} hours; after that, find your booking with its code and your e-mail.`}
          </Paragraph>
        ) : null}
      </>
    ),
  };
}

/** When the paid nights were taken before the booking could be made: the payment went back. */
export function refundNotice(data: BookingEmailData): EmailContent {
  const amount = formatUsd(data.totalCents);
  return {
    subject: `We could not keep your dates at ${data.propertyName}: your payment has been refunded`,
    title: 'Your payment has been refunded',
    body: (
      <>
        <Paragraph>{hiGreeting(data.firstName)}</Paragraph>
        <Paragraph>
          {`We are sorry: your payment went through, but the nights you chose at ${data.propertyName} were booked by someone else before we could confirm your stay. We have refunded the full amount of `}
          <strong>{amount}</strong>
          {` to your card; it arrives within ${refundDays}.`}
        </Paragraph>
        <Fields
          fields={[
            { label: 'Home', value: data.propertyName },
            { label: 'Check-in', value: formatLongDate(data.checkIn) },
            { label: 'Check-out', value: formatLongDate(data.checkOut) },
            { label: 'Refunded', value: amount, strong: true },
          ]}
        />
        <Paragraph>Call us and we will gladly help you find other dates or another home.</Paragraph>
      </>
    ),
  };
}

/** The guest's notice that their booking was cancelled, with what comes back and when. */
export function cancellationNotice(data: CancellationEmailData): EmailContent {
  const refund = formatUsd(data.refundCents);
  return {
    subject: `Your ${companyName} booking ${data.code} has been cancelled`,
    title: 'Your booking has been cancelled',
    body: (
      <>
        <Paragraph>{hiGreeting(data.firstName)}</Paragraph>
        <Paragraph>{`Your stay at ${data.propertyName} has been cancelled and its nights released.`}</Paragraph>
        {data.refundCents > 0 ? (
          <Paragraph>
            {'We are refunding '}
            <strong>{refund}</strong>
            {` to the card you paid with; it arrives within ${refundDays}.`}
          </Paragraph>
        ) : (
          <Paragraph>Under the cancellation policy this cancellation is not refunded.</Paragraph>
        )}
        <Fields
          fields={[
            ...stayFields(data),
            { label: 'Total paid', value: formatUsd(data.totalCents) },
            { label: 'Refund', value: refund, strong: true },
          ]}
        />
        <Paragraph>If you did not expect this, please call us.</Paragraph>
      </>
    ),
  };
}

/** The company's copy: which booking was cancelled, by whom, and the refund decided. */
export function cancellationCompanyNotice(
  data: CancellationEmailData & { cancelledBy: string; guestName: string },
): EmailContent {
  const title = `Booking ${data.code} cancelled`;
  return {
    subject: title,
    title,
    audience: 'company',
    body: (
      <>
        <Paragraph>{`${data.cancelledBy} cancelled this booking; its nights are free again.`}</Paragraph>
        <Fields
          fields={[
            ...stayFields(data),
            { label: 'Guest', value: data.guestName },
            { label: 'Total paid', value: formatUsd(data.totalCents) },
            { label: 'Refund', value: formatUsd(data.refundCents), strong: true },
          ]}
        />
      </>
    ),
  };
}
