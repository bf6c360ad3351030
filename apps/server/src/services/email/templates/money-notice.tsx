// The notices of a booking's money over time (issue 17): installments and
// each step of the security deposit. services/email/schedule-emails.ts words
// them; this draws them: greeting, paragraphs, fields, links.
import {
  Fields,
  hiGreeting,
  LinkLine,
  List,
  Paragraph,
  TextLink,
  type EmailAudience,
  type EmailContent,
} from '../layout.js';

export interface MoneyNotice {
  subject: string;
  title: string;
  firstName: string | null;
  paragraphs: string[];
  rows: [string, string][];
  link?: { url: string; label: string } | undefined;
  /** A list of links under a heading, after the rows (the photos of a capture). */
  links?: { heading: string; items: { url: string; label: string }[] } | undefined;
  /** 'company' for the copy sent to the company's inbox. */
  audience?: EmailAudience | undefined;
}

export function moneyNotice(notice: MoneyNotice): EmailContent {
  return {
    subject: notice.subject,
    title: notice.title,
    audience: notice.audience,
    body: (
      <>
        <Paragraph>{hiGreeting(notice.firstName)}</Paragraph>
        {notice.paragraphs.map((text, index) => (
          <Paragraph key={index}>{text}</Paragraph>
        ))}
        {notice.rows.length > 0 ? <Fields fields={notice.rows.map(([label, value]) => ({ label, value }))} /> : null}
        {notice.links?.items.length ? (
          <>
            <Paragraph>{notice.links.heading}</Paragraph>
            <List
              bullets={false}
              items={notice.links.items.map((item) => (
                <TextLink key={item.url} href={item.url} show="line">
                  {item.label}
                </TextLink>
              ))}
            />
          </>
        ) : null}
        {notice.link ? <LinkLine href={notice.link.url}>{notice.link.label}</LinkLine> : null}
      </>
    ),
  };
}
