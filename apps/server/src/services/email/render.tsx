// The one way an e-mail is made (ADR 035): a template gives the subject and
// the content, the layout draws the page around it, react-email renders the
// HTML, and the plain-text part is read off that same HTML, so the two parts
// cannot say different things.
import { render, toPlainText } from '@react-email/render';
import type { DomNode, FormatCallback, HtmlToTextOptions } from 'html-to-text';
import { EmailLayout, type EmailContent } from './layout.js';
import { templatesByName, type EmailName, type EmailProps } from './templates/index.js';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** An attribute of a parsed element (the parser's types leave them untyped). */
function attribute(elem: DomNode, name: string): string | undefined {
  const attribs: unknown = elem.attribs;
  if (typeof attribs !== 'object' || attribs === null) return undefined;
  const value: unknown = (attribs as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

/** "label (URL)" in a sentence, "label: URL" on its own line, or the label alone (see TextLink). */
const emailLink: FormatCallback = (elem, walk, builder) => {
  const href = attribute(elem, 'href');
  walk(elem.children, builder);
  const show = attribute(elem, 'data-text');
  if (!href || show === 'label') return;
  builder.addLiteral(show === 'line' ? `: ${href}` : ` (${href})`);
};

/** A field row: "Label: value" on its own line, "- Label: value" in a bulleted list. */
function fieldRow(bullet: boolean): FormatCallback {
  return (elem, walk, builder) => {
    builder.openBlock({ leadingLineBreaks: 1 });
    if (bullet) builder.addLiteral('- ');
    walk(elem.children, builder);
    builder.closeBlock({ trailingLineBreaks: 1 });
  };
}

/** Lines without bullets (links one per line): "Photo 1: URL". */
const plainLines: FormatCallback = (elem, walk, builder) => {
  for (const item of elem.children ?? []) {
    if (item.type !== 'tag') continue;
    builder.openBlock({ leadingLineBreaks: 1 });
    walk(item.children, builder);
    builder.closeBlock({ trailingLineBreaks: 1 });
  }
};

/** A section heading as today's plain-text e-mails wrote it: "Price:", then its lines. */
const sectionHeading: FormatCallback = (elem, walk, builder) => {
  builder.openBlock({ leadingLineBreaks: 2 });
  walk(elem.children, builder);
  builder.addLiteral(':');
  builder.closeBlock({ trailingLineBreaks: 1 });
};

const textOptions: HtmlToTextOptions = {
  formatters: { emailLink, field: fieldRow(false), bulletField: fieldRow(true), plainLines, sectionHeading },
  selectors: [
    { selector: 'a', format: 'emailLink' },
    { selector: 'h2', format: 'sectionHeading' },
    { selector: 'table[data-text=field]', format: 'field' },
    { selector: 'table[data-text=bullet-field]', format: 'bulletField' },
    // Cells are blocks by react-email's rules; a field's two stay on one line.
    { selector: 'td[data-text=label]', format: 'inlineSurround', options: { suffix: ': ' } },
    { selector: 'td[data-text=value]', format: 'inline' },
    { selector: 'ul', format: 'unorderedList', options: { itemPrefix: '- ', leadingLineBreaks: 1 } },
    { selector: 'ul[data-text=lines]', format: 'plainLines' },
    { selector: 'p[data-text=pre]', format: 'pre', options: { leadingLineBreaks: 1 } },
  ],
};

/** The page of an e-mail's content, as HTML. */
function renderHtml(content: EmailContent): Promise<string> {
  return render(
    <EmailLayout subject={content.subject} title={content.title} audience={content.audience ?? 'guest'}>
      {content.body}
    </EmailLayout>,
  );
}

/** The plain-text part of a rendered page. */
function htmlToText(html: string): string {
  return toPlainText(html, textOptions);
}

/** Every e-mail the system sends is made here: its subject, its HTML and its plain text. */
export async function renderEmail<N extends EmailName>(name: N, props: EmailProps[N]): Promise<RenderedEmail> {
  const content = templatesByName[name](props);
  const html = await renderHtml(content);
  return { subject: content.subject, html, text: htmlToText(html) };
}
