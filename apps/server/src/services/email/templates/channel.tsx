// The channel calendar e-mails to the company (issue 15): an imported event
// that overlaps a booking here, and a feed failing for a day.
import { Paragraph, TextLink, type EmailContent } from '../layout.js';

interface FeedAtHome {
  feed: { name: string; channel: string };
  home: { name: string; propertyId: string };
  /** The home's page in the console. */
  consoleUrl: string;
}

function ConsoleLine({ url }: { url: string }) {
  return (
    <Paragraph>
      {'Console: '}
      <TextLink href={url}>{url}</TextLink>
    </Paragraph>
  );
}

export function channelConflict({
  feed,
  home,
  consoleUrl,
  event,
}: FeedAtHome & {
  event: { uid: string; checkIn: string; checkOut: string; summary: string | null; conflictWith: string | null };
}): EmailContent {
  return {
    subject: `Calendar conflict: ${feed.name} has ${event.checkIn} to ${event.checkOut} at ${home.name}`,
    audience: 'company',
    body: (
      <>
        <Paragraph>
          {`The calendar feed "${feed.name}" (${feed.channel}) of ${home.name} (${home.propertyId}) has an event from ${event.checkIn} to ${event.checkOut} (check-out day) that overlaps ${event.conflictWith} here.`}
        </Paragraph>
        <Paragraph>
          Our booking was kept and the imported nights were not blocked. The same nights may have been sold twice:
          contact the channel and the guests.
        </Paragraph>
        <Paragraph>{`Event: ${event.summary ?? ''} (UID ${event.uid}).`}</Paragraph>
        <ConsoleLine url={consoleUrl} />
      </>
    ),
  };
}

export function channelFeedFailing({
  feed,
  home,
  consoleUrl,
  failingSince,
  error,
}: FeedAtHome & { failingSince: Date; error: string }): EmailContent {
  return {
    subject: `Calendar feed failing for a day: ${feed.name} at ${home.name}`,
    audience: 'company',
    body: (
      <>
        <Paragraph>
          {`The calendar feed "${feed.name}" (${feed.channel}) of ${home.name} (${home.propertyId}) has failed since ${failingSince.toISOString()}.`}
        </Paragraph>
        <Paragraph>{`Last error: ${error}`}</Paragraph>
        <Paragraph>
          The blocks it last gave are kept, but new bookings on that channel are not reaching our calendar. Check the
          feed URL in the console.
        </Paragraph>
        <ConsoleLine url={consoleUrl} />
      </>
    ),
  };
}
