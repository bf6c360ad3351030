// Renders a page's head metadata into the SPA's index.html. The tags come
// from @sas/domain's pageMetaTags, the list the browser also builds on
// navigation; this file only turns them into escaped HTML and puts them in
// place of the document's own title and description.
import { pageMetaTags, type HeadTag, type PageMeta } from '@sas/domain';

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Safe as element text and as a double-quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => htmlEscapes[ch] ?? ch);
}

function renderTag(tag: HeadTag): string {
  const attributes = Object.entries(tag.attributes)
    .map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`))
    .join('');
  switch (tag.name) {
    case 'title':
      return `<title${attributes}>${escapeHtml(tag.text ?? '')}</title>`;
    case 'script':
      // Script text is raw text in HTML: entities would not be decoded, so it
      // arrives already made safe by serializeJsonLd.
      return `<script${attributes}>${tag.text ?? ''}</script>`;
    default:
      return `<${tag.name}${attributes}>`;
  }
}

export function renderHeadTags(meta: PageMeta): string {
  return pageMetaTags(meta).map(renderTag).join('\n    ');
}

// The document's own copies of what the page metadata replaces, so the page
// never carries two titles or two descriptions. index.html is our own build
// output, so matching its tags with patterns is reliable enough here.
const replacedTags = [
  /<title\b[^>]*>[\s\S]*?<\/title>\s*/gi,
  /<meta\b[^>]*\bname\s*=\s*["']?(?:description|robots)\b[^>]*>\s*/gi,
  /<link\b[^>]*\brel\s*=\s*["']?canonical\b[^>]*>\s*/gi,
];

/**
 * `html` with the page's head tags in place of its title and description,
 * just before </head>. A document without a head is returned unchanged.
 */
export function injectPageMeta(html: string, meta: PageMeta): string {
  const headEnd = html.search(/<\/head\s*>/i);
  if (headEnd === -1) return html;
  let head = html.slice(0, headEnd);
  for (const pattern of replacedTags) head = head.replace(pattern, '');
  return `${head.replace(/\s*$/, '')}\n    ${renderHeadTags(meta)}\n  ${html.slice(headEnd)}`;
}
