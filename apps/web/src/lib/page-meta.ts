// Head metadata on client-side navigation. The server renders the first
// page's tags into the HTML it sends, each marked `data-page-meta`; after that
// the browser keeps the same set (pageMetaTags, shared with the server) in
// step with the page on screen, so a shared link, a bookmark or a crawler that
// runs scripts sees the page's own title, canonical URL, social card and
// structured data, never the previous page's.
import { useEffect } from 'react';
import {
  defaultDescription,
  pageMetaAttribute,
  pageMetaTags,
  staticPageMeta,
  type HeadTag,
  type PageMeta,
} from '@sas/domain';
import { onServerPage } from './server-page';

/**
 * Everything a page's metadata replaces. Unmarked copies go too: the
 * index.html of the dev server and of the tests has a plain description.
 */
const replacedSelector = [
  `[${pageMetaAttribute}]:not(title)`,
  'meta[name="description"]',
  'meta[name="robots"]',
  'link[rel="canonical"]',
  'meta[property^="og:"]',
  'meta[name^="twitter:"]',
  'script[type="application/ld+json"]',
].join(',');

function createElement(tag: HeadTag): HTMLElement {
  const element = document.createElement(tag.name);
  for (const [name, value] of Object.entries(tag.attributes)) element.setAttribute(name, value);
  // A JSON-LD script is a data block: it is never run, so the page's
  // script-src policy does not apply to it.
  if (tag.text !== undefined) element.textContent = tag.text;
  return element;
}

/** Replaces the head's page metadata with that of `page`. */
export function applyPageMeta(page: PageMeta): void {
  const { head } = document;
  for (const element of head.querySelectorAll(replacedSelector)) element.remove();

  const created: HTMLElement[] = [];
  for (const tag of pageMetaTags(page)) {
    if (tag.name !== 'title') {
      created.push(createElement(tag));
      continue;
    }
    // One <title> is kept and rewritten: browsers only read the first.
    let title = head.querySelector('title');
    if (title === null) {
      title = document.createElement('title');
      head.prepend(title);
    }
    title.textContent = tag.text ?? '';
    title.setAttribute(pageMetaAttribute, '');
  }
  head.append(...created);
}

/** The site's origin for page metadata; empty while rendering on the server, where the head is the server's own. */
export function pageOrigin(): string {
  return typeof window === 'undefined' ? '' : window.location.origin;
}

/**
 * Keeps the head in step with the page. `null` means "not known yet" (data
 * still loading): the tags already there, such as the server's for the first
 * load, stay until there is something better. Callers memoise `page`, so the
 * head is only rewritten when the page changes.
 */
export function usePageMeta(page: PageMeta | null): void {
  useEffect(() => {
    // While hydrating, the server's tags for this page are there already, from the same data.
    if (page !== null && !(onServerPage() && document.title === page.title)) applyPageMeta(page);
  }, [page]);
}

/**
 * The head of a page without metadata of its own (see useDocumentTitle), as
 * the server renders it: a listed site page gets its description, canonical
 * URL and social tags; any other page just its title and the site's
 * description.
 */
export function applySitePageMeta(title: string, pathWithQuery: string): void {
  const listed = staticPageMeta(pathWithQuery, window.location.origin);
  if (listed !== null) {
    applyPageMeta({ ...listed, title });
    return;
  }
  const { head } = document;
  for (const element of head.querySelectorAll(replacedSelector)) element.remove();
  document.title = title;
  head.append(createElement({ name: 'meta', attributes: { name: 'description', content: defaultDescription } }));
}
