/**
 * The server render of the public pages (built by `vite build --ssr` into dist/ssr, imported by
 * server/ssr/renderer.ts). The server hands in its in-process reads and site settings; this file
 * runs the route's loader, renders the same tree the browser hydrates (main.tsx) with React's
 * streaming renderer, and gives back the dehydrated query state for the page's data island.
 */
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { dehydrate, type DehydratedState } from '@tanstack/react-query';
import type { PublicReads } from '@data/domain/public-reads';
import type { SiteConfig } from '@data/domain/site-config';
import { AppProvider } from './app/provider';
import { AppRoutes, publicRouteOf } from './app/router';
import { loadPage } from './app/loaders';
import { createQueryClient, shouldDehydrateQuery } from './lib/query-client';

export interface RenderOptions {
  reads: PublicReads;
  site: SiteConfig;
  /** Errors inside the render (the markup is still sent; the browser renders that part itself). */
  onError?(error: unknown): void;
  /** Give up waiting for suspended parts after this long (the browser renders them). */
  timeoutMs?: number;
}

export interface RenderedPage {
  /** Writes the app's markup (the content of #root) into `destination`, then ends it. */
  pipe<W extends NodeJS.WritableStream>(destination: W): W;
  /** The page's data, for the <script type="application/json"> island main.tsx hydrates from. */
  state: DehydratedState;
  /** The matched route's module (Vite manifest key), for <link rel="modulepreload">. */
  modules: string[];
  /** False when a read failed and that part was rendered loading (the browser asks for it). */
  complete: boolean;
}

/** `url`: the path and query string of the request. Resolves when the whole page is ready. */
export async function render(url: string, { reads, site, onError, timeoutMs = 10_000 }: RenderOptions): Promise<RenderedPage> {
  const parsed = new URL(url, 'http://localhost');
  const client = createQueryClient();
  const route = publicRouteOf(parsed.pathname);
  const [complete] = await Promise.all([loadPage(parsed, reads, client), route?.preload()]);
  const state = dehydrate(client, { shouldDehydrateQuery });

  return new Promise<RenderedPage>((resolve, reject) => {
    const stream = renderToPipeableStream(
      <StrictMode>
        <AppProvider client={client} site={site}>
          <StaticRouter location={parsed.pathname + parsed.search}>
            <AppRoutes />
          </StaticRouter>
        </AppProvider>
      </StrictMode>,
      {
        // Crawlers and the HTTP cache get the whole page: wait for everything, not just the shell.
        onAllReady() {
          clearTimeout(timer);
          resolve({ pipe: (destination) => stream.pipe(destination), state, modules: route ? [route.module] : [], complete });
        },
        onShellError(error) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error) {
          onError?.(error);
        },
      },
    );
    const timer = setTimeout(() => stream.abort(new Error(`render of ${url} took over ${timeoutMs} ms`)), timeoutMs);
  });
}
