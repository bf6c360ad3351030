// Server rendering of the public pages (ADR 020), built by `vite build --ssr`
// into dist-server/ and called by the API server for each page navigation.
// The page's code is loaded and its prefetch fills a fresh query cache with
// its data (the same queries the components read); React renders the route
// tree to HTML once everything the page shows is ready (ADR 032).
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { StaticRouter } from 'react-router';
import type { Writable } from 'node:stream';
import { AppRoutes } from './app';
import { AppProvider } from './app/provider';
import { createRoutes, loadPages, prefetchPages } from './app/router';
import { serializeSsrData, ssrDataElementId, type SsrData } from './app/ssr-data';
import { queryConfig } from './lib/query-client';

export { setServerTransport } from './lib/api-client';

export interface RenderedPage {
  /** Writes the page's body (what goes inside #root) to `destination`, then ends nothing: the caller closes the document. */
  pipe: (destination: Writable) => void;
  /** The JSON script element the browser hydrates from, to put after #root. */
  dataScript: string;
}

const routes = createRoutes();

/**
 * The page at `request`'s URL rendered with its data, or null when the page
 * is better left to the browser (its code failed to load on the server).
 */
export async function renderPage(request: Request): Promise<RenderedPage | null> {
  const url = new URL(request.url);
  const pages = await loadPages(routes, url.pathname).catch(() => null);
  if (pages === null) return null;
  // One cache per request: nothing a page loads may leak into another visitor's.
  const queryClient = new QueryClient({ defaultOptions: { queries: { ...queryConfig.queries, retry: false } } });
  await prefetchPages(queryClient, pages, url);
  // A query that failed is left to the browser, which asks again and shows its
  // own error state; the HTML shows what the browser's first render will.
  queryClient.removeQueries({ predicate: (query) => query.state.status !== 'success' });

  // A page that fetches its data in the browser carries none of it, only which queries it was drawn with (ADR 048).
  const data: SsrData = pages.some(({ module }) => module?.prefetchInBrowser === true)
    ? {
        queries: dehydrate(queryClient, { shouldDehydrateQuery: () => false }),
        prefetch: queryClient
          .getQueryCache()
          .getAll()
          .map((query) => query.queryHash),
      }
    : { queries: dehydrate(queryClient) };
  const tree = (
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <StaticRouter location={`${url.pathname}${url.search}`}>
          <AppRoutes routes={routes} />
        </StaticRouter>
      </AppProvider>
    </StrictMode>
  );
  const pipe = await new Promise<RenderedPage['pipe']>((resolve, reject) => {
    const stream = renderToPipeableStream(tree, {
      // Everything at once: lazy parts rendered on the server arrive complete,
      // without the inline scripts that stream late boundaries (the CSP allows none).
      onAllReady: () => resolve((destination) => stream.pipe(destination)),
      // No boundary split out to be completed by an inline script later, however large.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellError: reject,
      onError: (error) => {
        // Logged by the caller through the rejection, or a boundary shows it in the browser.
        if (!(error instanceof Error && error.name === 'AbortError')) console.error('Server rendering failed', error);
      },
    });
  });
  return {
    pipe,
    dataScript: `<script type="application/json" id="${ssrDataElementId}">${serializeSsrData(data)}</script>`,
  };
}
