import { useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
// From the main entry, not react-router/dom: one module instance in the app and in
// Node-run tests (the dom entry's ESM build would load a second copy of the router).
import { RouterProvider, type DataRouter } from 'react-router';
import { AppProvider } from './provider';

interface AppProps {
  router: DataRouter;
  queryClient: QueryClient;
}

/** The app in the browser: providers around the router that start.tsx made (and hydrated, after server rendering). */
export function App({ router, queryClient }: AppProps) {
  const [navigate] = useState(() => (path: string) => router.navigate(path));
  return (
    <AppProvider queryClient={queryClient} navigate={navigate}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
