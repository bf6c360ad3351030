// What a server-rendered page hands to the browser so it can take over
// without asking again (ADR 020): the query cache its pages were rendered
// from. Sent as JSON in a non-executable script element, so the page needs
// no inline script (and no CSP exception).
import type { DehydratedState, QueryClient } from '@tanstack/react-query';

export const ssrDataElementId = 'sas-ssr-data';

export interface SsrData {
  queries: DehydratedState;
  /**
   * The page's queries are not in `queries`: the browser runs the page's
   * prefetch before hydrating and keeps, of what it fetched, the queries the
   * HTML was rendered with (their hashes here), so that its first render draws
   * what the HTML shows.
   */
  prefetch?: string[];
}

/** JSON safe inside <script>: no "</script>" or "<!--" can end it early. */
export function serializeSsrData(data: SsrData): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The data of a server-rendered page, or null for a page the browser renders itself. */
export function readSsrData(): SsrData | null {
  const element = document.getElementById(ssrDataElementId);
  if (element?.textContent == null) return null;
  try {
    return JSON.parse(element.textContent) as SsrData;
  } catch {
    return null;
  }
}

/**
 * After the browser ran a page's prefetch (SsrData.prefetch): drops every
 * query the server's HTML was not drawn with, one that failed here or one that
 * failed on the server, so that the first render in the browser draws what the
 * HTML shows; the page asks for those again once it runs.
 */
export function keepQueriesDrawnWith(queryClient: QueryClient, drawnWith: readonly string[]): void {
  const drawn = new Set(drawnWith);
  queryClient.removeQueries({ predicate: (query) => query.state.status !== 'success' || !drawn.has(query.queryHash) });
}
