import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { AppProvider } from './app/provider';
import { BrowserRouter } from './app/browser-router';
import { AppRoutes, publicRouteOf } from './app/router';
import { keepNotFound, queryClient } from './lib/query-client';
import { readSiteConfig } from './lib/site-config';
import './index.css';

const root = document.getElementById('root')!;
// A server-rendered page carries its data (server/ssr).
const island = document.getElementById('rehber-state');
// The address the server rendered, read before anything can move it: the page hydrates at it
// (app/browser-router.tsx), whatever the address is by the time hydration starts.
const served = island?.textContent ? window.location.pathname + window.location.search : null;
const app = (
  <StrictMode>
    <AppProvider client={queryClient} site={readSiteConfig()}>
      <BrowserRouter served={served}>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  </StrictMode>
);

// The page's data: the cache starts with it, so the page hydrates with the markup the server drew
// and asks the API for nothing it already has.
if (island?.textContent) {
  const state = JSON.parse(island.textContent) as DehydratedState;
  hydrate(queryClient, state);
  keepNotFound(queryClient, state.queries);
  // The route's chunk first (the server preloaded it too), so hydration never meets a fallback.
  // In a transition, hydration yields to the browser every few milliseconds instead of one long
  // task (Lighthouse's Total Blocking Time), as the client render below does.
  const route = publicRouteOf(window.location.pathname);
  void Promise.resolve(route?.preload())
    .catch(() => undefined)
    .then(() => startTransition(() => void hydrateRoot(root, app)));
} else {
  // Admin screens and pages the server could not render: the client renders them.
  startTransition(() => {
    createRoot(root).render(app);
  });
}
