/**
 * The server render of the public pages (built by `vite build --ssr` into dist/ssr, imported by
 * server/ssr/renderer.ts). The server hands in its in-process reads and site settings; this file
 * runs the route's loader, renders the same tree the browser hydrates (main.tsx) with React's
 * streaming renderer, and gives back the dehydrated query state for the page's data island.
 */
import { StrictMode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { BoundedCache } from '@domain/bounded-cache';
import type { PublicReads } from '@domain/public-reads';
import type { PageRequest } from '@domain/public-pages';
import type { SiteConfig } from '@domain/site-config';
import { AppProvider } from './app/provider';
import { PUBLIC_ROUTES, ServerRoutes } from './app/router';
import { loadPage } from './app/loaders';
import { createQueryClient, shouldDehydrateQuery } from './lib/query-client';
import { DrawPartContext, type DrawPart } from './components/ui/static-part';

export interface RenderOptions {
  reads: PublicReads;
  /** The public page the server matched the request to (null: an admin screen or no page). */
  page: PageRequest | null;
  site: SiteConfig;
  /** Errors inside the render (the markup is still sent; the browser renders that part itself). */
  onError?(error: unknown): void;
  /** Give up waiting for suspended parts after this long (the browser renders them). */
  timeoutMs?: number;
}

export interface RenderedPage {
  /** The app's markup (the content of #root). */
  html: string;
  /** The page's data, for the <script type="application/json"> island main.tsx hydrates from. */
  state: DehydratedState;
  /** The matched route's module (Vite manifest key), for <link rel="modulepreload">. */
  modules: string[];
  /** False when a read failed and that part was rendered loading (the browser asks for it). */
  complete: boolean;
}

/** `url`: the path and query string of the request. Resolves when the whole page is ready. */
export async function render(url: string, { reads, page: request, site, onError, timeoutMs = 10_000 }: RenderOptions): Promise<RenderedPage> {
  // Appended to an origin, never resolved against one: '//x' is a path here, not a host named x
  // (whose page is the home page's), and '//' a path, not an address that throws.
  const parsed = new URL(`http://localhost${url.startsWith('/') ? '' : '/'}${url}`);
  const client = createQueryClient();
  const route = request && PUBLIC_ROUTES[request.page];
  const [complete] = await Promise.all([request ? loadPage(request, parsed.searchParams, reads, client) : true, route?.preload()]);
  const state = dehydrate(client, { shouldDehydrateQuery });
  const page = (html: string): RenderedPage => ({ html, state, modules: route ? [route.module] : [], complete });
  const location = parsed.pathname + parsed.search;
  const tree = (
    <StrictMode>
      <AppProvider client={client} site={site}>
        <StaticRouter location={location}>
          <DrawPartContext.Provider value={partDrawer(client, site, location)}>
            <ServerRoutes pathname={parsed.pathname} page={request} />
          </DrawPartContext.Provider>
        </StaticRouter>
      </AppProvider>
    </StrictMode>
  );
  // The page's data is in the client and its route is loaded, so it renders in one synchronous
  // pass: to a string, without the streaming renderer's byte encoding (a large share of a render). A
  // part that suspended all the same (a lazy component not preloaded), or failed, is left to the
  // browser there: such a page is rendered again, streaming and waiting for it.
  const html = renderToString(tree);
  if (!mayHaveClientRenderedBoundary(html)) return page(html);
  return new Promise<RenderedPage>((resolve, reject) => {
    // What React's pipe writes to (web/ does not import node:stream): its chunks, whole at the end.
    const chunks: string[] = [];
    const decoder = new TextDecoder();
    const sink = {
      write: (chunk: Uint8Array) => chunks.push(decoder.decode(chunk, { stream: true })) > 0,
      end: () => resolve(page(chunks.join('') + decoder.decode())),
      destroy: (error?: unknown) => reject(error ?? new Error(`render of ${url} was aborted`)),
      on: () => sink,
    };
    const stream = renderToPipeableStream(tree, {
      // Crawlers and the HTTP cache get the whole page: wait for everything, not just the shell.
      onAllReady() {
        clearTimeout(timer);
        stream.pipe(sink as unknown as NodeJS.WritableStream);
      },
      onShellError(error) {
        clearTimeout(timer);
        reject(error);
      },
      onError(error) {
        onError?.(error);
      },
    });
    const timer = setTimeout(() => stream.abort(new Error(`render of ${url} took over ${timeoutMs} ms`)), timeoutMs);
  });
}

/**
 * The markup of the static parts (components/ui/static-part.tsx) by key. The site's own parts
 * (header, footer, the cards' headings) are a handful, asked by every page, so the least recently
 * used order keeps them. The parts keyed by data are many: two per country (342 over the million's
 * countries) and one per week of opening hours a business page shows (eight kinds in the generated
 * million, hundreds to thousands in a real directory's), so the bound holds a few thousand weeks
 * (a table is about 1.5 KB) rather than have each business page push out a country's cities.
 */
const drawnParts = new BoundedCache<string>('drawn parts', { maxEntries: 4_096, maxBytes: 32 * 1024 * 1024 }, (html) => html.length * 2);

/** Draws a static part's children once per key, in the same contexts as the page around it. */
export function partDrawer(client: QueryClient, site: SiteConfig, location: string): DrawPart {
  return (key, children) => {
    let html = drawnParts.get(key);
    if (html === undefined) {
      html = renderToString(
        <AppProvider client={client} site={site}>
          <StaticRouter location={location}>{children()}</StaticRouter>
        </AppProvider>,
      );
      drawnParts.set(key, html);
    }
    return html;
  };
}

/** How React marks a Suspense boundary it left for the browser to render. */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

/**
 * Whether `html` has that mark. Searched for its rare '$!' first: the whole mark ends in '>', the
 * commonest character of markup, which makes the string search crawl over a whole page; only a
 * page with '$!' somewhere is searched for the mark itself.
 */
const mayHaveClientRenderedBoundary = (html: string) => html.includes('$!') && html.includes(CLIENT_RENDERED_BOUNDARY);
