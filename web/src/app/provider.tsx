import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { queryClient } from '@/lib/query-client';

// Only admin screens raise toasts; loading the viewport lazily keeps Radix Toast (≈8 KB gzipped)
// out of the public pages' main chunk. `toast()` callers import the same module, so they share
// its store whichever loads first.
const Toaster = lazy(() => import('@/components/ui/toast').then((m) => ({ default: m.Toaster })));

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  );
}
