// The one page every e-mail is drawn on (ADR 035), and the few pieces its
// content is made of. Each piece marks itself with `data-text` where the
// plain-text part needs more than html-to-text's defaults (render.tsx reads
// those marks): a field reads "Label: value", a link line "Label: URL".
// React escapes every value; strings are joined before they reach JSX, so
// no `<!-- -->` separators split a sentence in the HTML.
import type { ReactNode } from 'react';
// Each react-email component from its own package: the @react-email/components
// bundle also loads Tailwind and Prism, a second of start-up we do not use (ADR 035).
import { Body } from '@react-email/body';
import { Column } from '@react-email/column';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Row } from '@react-email/row';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { companyName, companyPhone, companyPhoneHref, officeAddress } from '@sas/domain';

const colors = { ink: '#1f2a30', muted: '#55707d', link: '#1f5f7a', page: '#f4f1ec', rule: '#e4e0da' };
const fontStack = "-apple-system, 'Segoe UI', Helvetica, Arial, sans-serif";
const paragraph = { fontSize: '15px', lineHeight: '1.6', margin: '0 0 14px' };

/** Who reads it: a guest gets "Questions? Call us"; the company's own inbox does not. */
export type EmailAudience = 'guest' | 'company';

/** What a template gives for one e-mail; the layout and render.tsx do the rest. */
export interface EmailContent {
  subject: string;
  /** The heading under the company's name; none for a plain note. */
  title?: string | undefined;
  /** 'guest' unless said. */
  audience?: EmailAudience | undefined;
  body: ReactNode;
}

export function EmailLayout({
  subject,
  title,
  audience,
  children,
}: {
  subject: string;
  title?: string | undefined;
  audience: EmailAudience;
  children: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{subject}</title>
      </Head>
      <Body
        style={{ margin: 0, padding: '24px 12px', background: colors.page, fontFamily: fontStack, color: colors.ink }}
      >
        <Container style={{ maxWidth: '600px', background: '#ffffff', borderRadius: '8px' }}>
          <Section data-skip-in-text="true" style={{ padding: '28px 32px 8px' }}>
            <Text
              style={{
                margin: 0,
                fontSize: '14px',
                letterSpacing: '2px',
                textTransform: 'uppercase',
                color: colors.muted,
              }}
            >
              {companyName}
            </Text>
          </Section>
          {title ? (
            <Section data-skip-in-text="true" style={{ padding: '0 32px 8px' }}>
              <Heading as="h1" style={{ margin: 0, fontSize: '24px', lineHeight: '1.3' }}>
                {title}
              </Heading>
            </Section>
          ) : null}
          <Section style={{ padding: '8px 32px 24px' }}>{children}</Section>
          <Section
            style={{
              padding: '16px 32px 28px',
              borderTop: `1px solid ${colors.rule}`,
            }}
          >
            <Text style={{ ...paragraph, margin: 0, fontSize: '13px', color: colors.muted }}>
              {audience === 'guest' ? (
                <>
                  {'Questions? Call us at '}
                  <TextLink href={companyPhoneHref} show="label">
                    {companyPhone}
                  </TextLink>
                  {' or reply to this e-mail.'}
                  <br />
                </>
              ) : null}
              {`${companyName} · ${officeAddress}`}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

export function Paragraph({ children, muted = false }: { children: ReactNode; muted?: boolean }) {
  return <Text style={muted ? { ...paragraph, fontSize: '13px', color: colors.muted } : paragraph}>{children}</Text>;
}

/** A paragraph the plain-text part leaves out, as it carries the same thing another way. */
function HtmlOnly({ children, muted = false }: { children: ReactNode; muted?: boolean }) {
  return (
    <Text data-skip-in-text="true" style={muted ? { ...paragraph, fontSize: '13px', color: colors.muted } : paragraph}>
      {children}
    </Text>
  );
}

/** A heading inside the content; the plain text reads "Heading:". */
export function SectionHeading({ children }: { children: string }) {
  return (
    <Heading as="h2" style={{ fontSize: '17px', margin: '24px 0 8px' }}>
      {children}
    </Heading>
  );
}

/**
 * A link. How the plain text shows it: `inline` as "label (URL)" inside its
 * sentence, `line` as "label: URL" on a line of its own, `label` as the
 * label alone (a phone number, or a URL that is its own label).
 */
export function TextLink({
  href,
  show = 'inline',
  children,
}: {
  href: string;
  show?: 'inline' | 'line' | 'label';
  children: string;
}) {
  return (
    <Link
      href={href}
      data-text={children === href ? 'label' : show}
      style={{ color: colors.link, textDecorationLine: 'underline' }}
    >
      {children}
    </Link>
  );
}

/**
 * A link to act on (set a password, open a trip) with its URL written out
 * under it for mail clients that drop links; the plain text has the URL alone.
 */
export function ActionLink({ href, children }: { href: string; children: string }) {
  return (
    <>
      <HtmlOnly>
        <TextLink href={href}>{children}</TextLink>
      </HtmlOnly>
      <Paragraph muted>{href}</Paragraph>
    </>
  );
}

/** A link on a paragraph of its own ("label: URL" in the plain text). */
export function LinkLine({ href, children }: { href: string; children: string }) {
  return (
    <Paragraph>
      <TextLink href={href} show="line">
        {children}
      </TextLink>
    </Paragraph>
  );
}

export interface Field {
  label: string;
  value: string;
  /** Bold in the HTML; a field list's total, which the plain text does not bullet. */
  strong?: boolean;
}

/**
 * Label and value side by side ("Label: value" in the plain text). A
 * `bulleted` list (price lines, a schedule) reads "- Label: value" in the
 * plain text, but for its strong total line.
 */
export function Fields({ fields, bulleted = false }: { fields: readonly Field[]; bulleted?: boolean }) {
  return (
    <Section style={{ margin: '0 0 14px' }}>
      {fields.map((field, index) => {
        const cell = { padding: '4px 0', fontSize: '15px', fontWeight: field.strong ? 'bold' : 'normal' } as const;
        return (
          <Row key={index} data-text={bulleted && !field.strong ? 'bullet-field' : 'field'}>
            <Column data-text="label" style={cell}>
              {field.label}
            </Column>
            <Column data-text="value" align="right" style={cell}>
              {field.value}
            </Column>
          </Row>
        );
      })}
    </Section>
  );
}

/** Text as typed, its line breaks kept (a visitor's message). */
export function Preformatted({ children }: { children: string }) {
  return (
    <Text data-text="pre" style={{ ...paragraph, whiteSpace: 'pre-wrap' }}>
      {children}
    </Text>
  );
}

/** A list; `bullets={false}` for lines the plain text shows without "- " (links, one per line). */
export function List({ items, bullets = true }: { items: readonly ReactNode[]; bullets?: boolean }) {
  return (
    <ul
      data-text={bullets ? undefined : 'lines'}
      style={{ margin: '0 0 14px', paddingLeft: '20px', fontSize: '15px', lineHeight: '1.6' }}
    >
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

/** "Hi Ada," or, without a name, "Hello,": the booking e-mails' greeting. */
export function hiGreeting(firstName: string | null): string {
  return firstName ? `Hi ${firstName},` : 'Hello,';
}

/** "Hello Ada," or "Hello,": the greeting of the account and trip e-mails. */
export function helloGreeting(firstName: string | null): string {
  const name = firstName?.trim();
  return name ? `Hello ${name},` : 'Hello,';
}
