import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { SiteConfig } from '@domain/site-config';
import { SiteConfigProvider } from '@/lib/site-config';

/** What every page needs, the same in the server render and in the browser. */
export function AppProvider({ client, site, children }: { client: QueryClient; site: SiteConfig; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <SiteConfigProvider value={site}>{children}</SiteConfigProvider>
    </QueryClientProvider>
  );
}
