import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { RouteTable } from './route-handles';
import { routes } from './router';
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
        <BrowserRouter>
          <RouteTable routes={routes} />
        </BrowserRouter>
      </StartupGate>
    </QueryClientProvider>
  );
}
