// The route modules of the console and of the pages behind sign-in
// (apps/web/src/app/routes/admin and routes/account, privateRouteFolders in
// @sas/domain pages.ts), in a chunk of their own that the first visit to one
// of them loads: their list, with the files each needs, is no part of the
// download of a guest's first page.
import type { RouteModule } from './router';

export const privateRouteModules = import.meta.glob<RouteModule>([
  './routes/admin/**/*.tsx',
  './routes/account/**/*.tsx',
  '!./routes/**/*.test.tsx',
]);
