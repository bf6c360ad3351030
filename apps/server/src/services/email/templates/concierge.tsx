// The concierge e-mails (issue 16): a service paid or cancelled, to the
// guest; tomorrow's schedule of services, to the company.
import { companyName, conciergeRules, formatUsd, type ConciergeSchedule } from '@sas/domain';
import { helloGreeting, List, Paragraph, type EmailContent } from '../layout.js';

export interface ConciergeServiceData {
  kind: 'paid' | 'cancelled';
  firstName: string | null;
  code: string;
  service: {
    name: string;
    option: string | null;
    serviceDate: string;
    serviceTime: string;
    priceCents: number;
    refundCents: number | null;
  };
}

export function conciergeService({ kind, firstName, code, service }: ConciergeServiceData): EmailContent {
  const what = `${service.name}${service.option ? ` (${service.option})` : ''} on ${service.serviceDate} at ${service.serviceTime}`;
  const lines =
    kind === 'paid'
      ? [
          `Your ${what} is booked for your stay ${code}, and ${formatUsd(service.priceCents)} was paid.`,
          `It can be cancelled with a full refund until ${conciergeRules.cancelHoursBefore} hours before its time, from your booking's page.`,
        ]
      : [
          `Your ${what} for your stay ${code} is cancelled.`,
          `We have refunded ${formatUsd(service.refundCents ?? 0)} to your card; refunds take 7-10 business days to appear.`,
        ];
  return {
    subject: kind === 'paid' ? `${service.name} booked for ${code}` : `${service.name} cancelled for ${code}`,
    body: (
      <>
        <Paragraph>{helloGreeting(firstName)}</Paragraph>
        {lines.map((line) => (
          <Paragraph key={line}>{line}</Paragraph>
        ))}
      </>
    ),
  };
}

export interface ConciergeScheduleData {
  /** "Thu, Jan 14, 2027" */
  day: string;
  entries: ConciergeSchedule['entries'];
}

export function conciergeSchedule({ day, entries }: ConciergeScheduleData): EmailContent {
  const lines = entries.map(
    (e) =>
      `${e.time} ${e.service}${e.option ? ` (${e.option})` : ''} at ${e.home.name}, ${e.home.city}: ${e.booking.code}, ${e.booking.guest ?? 'guest'}${e.booking.phone ? `, ${e.booking.phone}` : ''}, party of ${e.booking.party}`,
  );
  return {
    subject: `${companyName} concierge schedule for ${day}: ${entries.length} service${entries.length === 1 ? '' : 's'}`,
    audience: 'company',
    body: (
      <>
        <Paragraph>
          {entries.length === 0 ? `No concierge services are booked for ${day}.` : `Services booked for ${day}:`}
        </Paragraph>
        {lines.length > 0 ? <List items={lines} /> : null}
      </>
    ),
  };
}
