// What the app's start (start.tsx) needs of the app, in one module: imported
// on its own, after react-dom, so that the browser evaluates the app's code in
// a task of its own, and built into one chunk with all it imports (ADR 048).
// Nothing the entry (main.tsx) imports may be reached from here: it would
// pull that chunk into the entry's own download.
export { hydrate } from '@tanstack/react-query';
export { App } from './index';
export { createAppHistory } from './history-router';
export { createRoutes, loadPages, prefetchPages } from './router';
export { createQueryClient } from '@/lib/query-client';
export { enterServerPage } from '@/lib/server-page';
