// The app's start in the browser, loaded by main.tsx: hydrates a page the
// server rendered, or renders a page the server sent as the shell.
//
// In steps, each a task of its own with the browser free in between (ADR 048):
// on a phone, one task that evaluated react-dom, the app and the page's code,
// built the history and hydrated would hold the page for a quarter of a second,
// and a tap meanwhile would wait for all of it. React then hydrates in slices,
// as a transition.
import { startTransition, StrictMode, useEffect } from 'react';
import { keepQueriesDrawnWith, readSsrData } from './app/ssr-data';

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

/** Resolves in a new task, after whatever the browser has waiting: a tap, a frame. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

async function start(container: HTMLElement) {
  const { createRoot, hydrateRoot } = await import('react-dom/client');
  await nextTask();
  const boot = await import('./app/boot');
  await nextTask();
  const queryClient = boot.createQueryClient();
  const routes = boot.createRoutes();
  const ssr = readSsrData();
  // The page's lazy code, and the data of a page whose HTML left it out (ADR 048),
  // asked for now: they arrive while the steps below run.
  const pages = ssr === null ? undefined : boot.loadPages(routes, window.location).catch(() => []);
  const drawnWith = ssr?.prefetch;
  const data =
    drawnWith === undefined
      ? undefined
      : pages?.then(async (loaded) => {
          await boot.prefetchPages(queryClient, loaded, new URL(window.location.href));
          keepQueriesDrawnWith(queryClient, drawnWith);
        });
  await nextTask();
  // Reads the address and marks the history entry: a task of its own on a phone.
  const history = boot.createAppHistory();
  const app = (
    <StrictMode>
      <boot.App history={history} routes={routes} queryClient={queryClient} />
      <MarkReady />
    </StrictMode>
  );
  if (ssr === null) {
    // A page the server sends as a shell (the booking steps, pages behind sign-in).
    createRoot(container).render(app);
    return;
  }
  // The server rendered this page with its data: the page's lazy code is
  // loaded before hydrating and the same queries start filled (from the HTML,
  // or asked for above), so the first render in the browser draws exactly
  // what the HTML shows.
  await nextTask();
  await pages;
  await data;
  await nextTask();
  boot.hydrate(queryClient, ssr.queries);
  boot.enterServerPage();
  startTransition(() => {
    hydrateRoot(container, app);
  });
}

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');
void start(container);
