import { useState } from 'react';
// From the main entry, not react-router/dom: one module instance in the app and in
// Node-run tests (the dom entry's ESM build would load a second copy of the router).
import { RouterProvider } from 'react-router';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

export function App() {
  const [router] = useState(createAppRouter);
  const [navigate] = useState(() => (path: string) => router.navigate(path));
  return (
    <AppProvider navigate={navigate}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
