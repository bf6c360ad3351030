// A guest message of the timeline (issue 28): the console's wording, already
// filled in, drawn in the one layout. Paragraphs are split on blank lines; a
// URL in the text becomes a link whose label is the URL itself. Marketing
// messages end with a visible unsubscribe link.
import type { ReactNode } from 'react';
import { Paragraph, TextLink, type EmailContent } from '../layout.js';

export interface GuestMessageEmail {
  subject: string;
  /** The filled-in body: paragraphs separated by blank lines. */
  body: string;
  /** Marketing mail only: where one click unsubscribes. */
  unsubscribeUrl?: string | undefined;
}

const urlPattern = /(https?:\/\/[^\s<>"]+)/g;

function withLinks(text: string): ReactNode[] {
  return text.split(urlPattern).map((part, index) =>
    index % 2 === 1 ? (
      <TextLink key={index} href={part}>
        {part}
      </TextLink>
    ) : (
      part
    ),
  );
}

export function guestMessage({ subject, body, unsubscribeUrl }: GuestMessageEmail): EmailContent {
  const paragraphs = body
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
  return {
    subject,
    title: subject,
    body: (
      <>
        {paragraphs.map((paragraph, index) => (
          <Paragraph key={index}>{withLinks(paragraph)}</Paragraph>
        ))}
        {unsubscribeUrl ? (
          <Paragraph muted>
            You are receiving this because you agreed to hear from us.{' '}
            <TextLink href={unsubscribeUrl}>Unsubscribe</TextLink>
          </Paragraph>
        ) : null}
      </>
    ),
  };
}
