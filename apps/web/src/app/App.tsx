import { useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './router';
import { StartupGate } from './startup/StartupGate';

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: 1, staleTime: 30_000 },
    },
  });

/** Providers, the start-up gate, then the router (created only when the app is to be shown). */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <StartupGate>
        <AppRouter />
      </StartupGate>
    </QueryClientProvider>
  );
}

function AppRouter() {
  const [router] = useState(createAppRouter);
  return <RouterProvider router={router} />;
}
