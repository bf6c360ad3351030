// The app's start in the browser, loaded by main.tsx: hydrates a page the
// server rendered, or renders a page the server sent as the shell.
import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { App } from './app';
import { createAppHistory } from './app/history-router';
import { createRoutes, loadPages } from './app/router';
import { readSsrData } from './app/ssr-data';
import { createQueryClient } from './lib/query-client';

/**
 * Marks the document once the app has rendered or hydrated, so that its
 * buttons work: browser tests wait for it after loading a page.
 */
function MarkReady() {
  useEffect(() => {
    document.documentElement.dataset.appReady = '';
  }, []);
  return null;
}

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
const routes = createRoutes();
const history = createAppHistory();
const ssr = readSsrData();
const app = (
  <StrictMode>
    <App history={history} routes={routes} queryClient={queryClient} />
    <MarkReady />
  </StrictMode>
);

async function start() {
  if (ssr === null) {
    // A page the server sends as a shell (the booking steps, pages behind sign-in).
    createRoot(container!).render(app);
    return;
  }
  // The server rendered this page with its data: the same queries start filled,
  // and the page's lazy code is loaded before hydrating, so the first render in
  // the browser draws exactly what the HTML shows.
  hydrate(queryClient, ssr.queries);
  await loadPages(routes, history.location).catch(() => undefined);
  startTransition(() => {
    hydrateRoot(container!, app);
  });
}

void start();
