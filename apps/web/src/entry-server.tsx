// Server rendering of the public pages (ADR 020), built by `vite build --ssr`
// into dist-server/ and called by the API server for each page navigation.
// React Router's static handler runs the page's loader, which fills a fresh
// query cache with the page's data (the same queries the components read);
// React renders the tree to HTML once everything the page shows is ready.
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { Writable } from 'node:stream';
import { AppProvider } from './app/provider';
import { createRoutes } from './app/router';
import { serializeSsrData, ssrDataElementId, type SsrData } from './app/ssr-data';
import { queryConfig } from './lib/query-client';

export { setServerTransport } from './lib/api-client';

export interface RenderedPage {
  /** Writes the page's body (what goes inside #root) to `destination`, then ends nothing: the caller closes the document. */
  pipe: (destination: Writable) => void;
  /** The JSON script element the browser hydrates from, to put after #root. */
  dataScript: string;
}

/**
 * The page at `request`'s URL rendered with its data, a Response the router
 * answers instead (a redirect), or null when the page is better left to the
 * browser (a route failed on the server).
 */
export async function renderPage(request: Request): Promise<RenderedPage | Response | null> {
  // One cache per request: nothing a page loads may leak into another visitor's.
  const queryClient = new QueryClient({ defaultOptions: { queries: { ...queryConfig.queries, retry: false } } });
  const handler = createStaticHandler(createRoutes({ queryClient, onServer: true }));
  const context = await handler.query(request);
  if (context instanceof Response) return context;
  if (context.errors !== null) return null;
  // A query that failed is left to the browser, which asks again and shows its
  // own error state; the HTML shows what the browser's first render will.
  queryClient.removeQueries({ predicate: (query) => query.state.status !== 'success' });

  const data: SsrData = {
    router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
    queries: dehydrate(queryClient),
  };
  const router = createStaticRouter(handler.dataRoutes, context);
  const tree = (
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
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
