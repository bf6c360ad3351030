// The console's route modules (apps/web/src/app/routes/admin), in a chunk of
// their own that the first visit to a console page loads: their list, with
// the files each needs, is no part of the download of a guest's first page.
import type { RouteModule } from './router';

export const consoleRouteModules = import.meta.glob<RouteModule>([
  './routes/admin/**/*.tsx',
  '!./routes/admin/**/*.test.tsx',
]);
