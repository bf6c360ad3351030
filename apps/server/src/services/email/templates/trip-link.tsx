// The link to a booking a guest asked for with its code and e-mail (ADR 028).
import { companyName, tripLinkHours } from '@sas/domain';
import { ActionLink, helloGreeting, Paragraph, type EmailContent } from '../layout.js';

export interface TripLinkData {
  firstName: string | null;
  code: string;
  url: string;
}

export function tripLink({ firstName, code, url }: TripLinkData): EmailContent {
  return {
    subject: `Your ${companyName} booking ${code}`,
    body: (
      <>
        <Paragraph>{helloGreeting(firstName)}</Paragraph>
        <Paragraph>{`Here is the link to your booking ${code}. It opens the booking for ${tripLinkHours} hours:`}</Paragraph>
        <ActionLink href={url}>Manage your trip</ActionLink>
        <Paragraph>If you did not ask for it, ignore this e-mail: nothing changes without the link.</Paragraph>
      </>
    ),
  };
}
