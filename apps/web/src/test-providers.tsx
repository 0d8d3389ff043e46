import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { Providers } from './app/providers.tsx';
import { QueryProvider, queryClient } from './app/query-client.tsx';

/**
 * What a page's hook finds around it in the app (i18n, antd, toasts, the query client, a router),
 * for `renderHook` in unit tests: the hook is tested without rendering its page.
 */
export function HookProviders({ children }: { children: ReactNode }) {
  return (
    <MemoryRouter>
      <QueryProvider>
        <Providers>{children}</Providers>
      </QueryProvider>
    </MemoryRouter>
  );
}

/** Forgets what an earlier test fetched, so each test's spies answer afresh. */
export const clearQueries = () => queryClient.clear();
