import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * TanStack Query serves the signed-in area only: the main layout mounts the provider, so the login
 * and lock screens do not download it (issue 4's /login budget).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    // The request layer has already told the user; a failed list just stops its spinner.
    queries: { retry: false, refetchOnWindowFocus: false },
  },
});

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
