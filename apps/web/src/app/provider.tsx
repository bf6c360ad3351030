import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AuthProvider, type AppNavigate } from '@/features/auth/components/auth-provider';
import { createQueryClient } from '@/lib/query-client';
import { ErrorBoundary } from './error-boundary';

interface AppProviderProps {
  children: ReactNode;
  /** Tests pass their own client so no cache leaks between them. */
  queryClient?: QueryClient;
  /** The router's navigate: the providers sit above the router, and sign-out moves to /login. */
  navigate?: AppNavigate;
}

export function AppProvider({ children, queryClient, navigate }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    // The last line of defence: the providers or the layout itself failed.
    <ErrorBoundary inMain>
      <QueryClientProvider client={client}>
        <AuthProvider navigate={navigate}>{children}</AuthProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
