/**
 * The server render of public pages: imports the built server entry (dist/ssr/entry-server.js,
 * from web/src/entry-server.tsx), renders a page with it and puts the markup, its data island and
 * the route's <link rel="modulepreload"> into the built index.html. Unbuilt, or failing, it says
 * so in the log and the caller sends the plain shell, which the browser renders itself.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Logger } from 'pino';
import type { PublicReads } from '../../domain/public-reads.js';
import type { PageRequest } from '../../domain/public-pages.js';
import type { SiteConfig } from '../../domain/site-config.js';
import { escapeHtml, scriptJson } from '../seo/escape.js';
import { builtStamp } from './built-stamp.js';

/** What web/src/entry-server.tsx exports (the server does not import web/ code, only its build). */
interface ServerEntry {
  render(url: string, options: { reads: PublicReads; site: SiteConfig; page: PageRequest | null; onError?(error: unknown): void }): Promise<{
    html: string;
    state: unknown;
    modules: string[];
    complete: boolean;
  }>;
}

/** One chunk of Vite's build manifest (dist/web/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

export interface RenderedApp {
  /** The content of <div id="root">. */
  html: string;
  /** The dehydrated query state, for the data island. */
  state: unknown;
  /** Built files of the page's route to preload (/assets/...). */
  preload: string[];
  /** False when a read failed and that part of the page was rendered loading. */
  complete: boolean;
}

const ENTRY_FILE = 'entry-server.js';

/** dist/ssr beside dist/web. */
export const ssrDirOf = (distDir: string) => path.join(path.dirname(distDir), 'ssr');

export class PageRenderer {
  private loaded: { tag: string; entry: Promise<ServerEntry | null>; preloadsOf(modules: string[]): string[] } | undefined;
  private warnedUnbuilt = false;

  constructor(
    private readonly distDir: string,
    private readonly logger: Logger,
    private readonly ssrDir = ssrDirOf(distDir),
  ) {}

  /** Loads the server entry now (it is large), so the first visitor does not wait for it. */
  warm(): void {
    void this.current()?.entry;
  }

  /** Names the server build: its entry's modification time ('' when unbuilt). */
  buildTag(): string {
    return builtStamp(path.join(this.ssrDir, ENTRY_FILE));
  }

  /** The page at `url` (`page`, as the request was matched) rendered, or null when there is no server build or the render failed. */
  async render(url: string, reads: PublicReads, site: SiteConfig, page: PageRequest | null): Promise<RenderedApp | null> {
    const current = this.current();
    const entry = current && (await current.entry);
    if (!current || !entry) return null;
    try {
      const rendered = await entry.render(url, { reads, site, page, onError: (err) => this.logger.warn({ err, url }, 'part of a page failed to render on the server') });
      return { html: rendered.html, state: rendered.state, preload: current.preloadsOf(rendered.modules), complete: rendered.complete !== false };
    } catch (err) {
      this.logger.error({ err, url }, 'server render failed: sending the plain shell');
      return null;
    }
  }

  // Re-imported when a rebuild replaced the entry, like index.html is re-read (server/routes/pages.ts).
  private current() {
    const tag = this.buildTag();
    if (!tag) {
      if (!this.warnedUnbuilt) {
        this.warnedUnbuilt = true;
        this.logger.warn({ dir: this.ssrDir }, 'the server render is not built (run `make build-web`): pages are sent as the plain shell');
      }
      return undefined;
    }
    if (this.loaded?.tag !== tag) {
      const file = pathToFileURL(path.join(this.ssrDir, ENTRY_FILE)).href;
      const entry = (import(`${file}?v=${tag}`) as Promise<ServerEntry>).catch((err: unknown) => {
        this.logger.error({ err, file }, 'the server render could not be loaded: pages are sent as the plain shell');
        return null;
      });
      const manifest = readManifest(this.distDir);
      // A route's preloads are the same on every render of the build: worked out once each.
      const preloads = new Map<string, string[]>();
      const preloadsOf = (modules: string[]) => {
        const key = modules.join('\n');
        let files = preloads.get(key);
        if (!files) preloads.set(key, (files = preloadFiles(manifest, modules)));
        return files;
      };
      this.loaded = { tag, entry, preloadsOf };
      this.warnedUnbuilt = false;
    }
    return this.loaded;
  }
}

function readManifest(distDir: string): Manifest {
  try {
    return JSON.parse(fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return {};
  }
}

/** The files the modules import, minus what index.html already loads. */
function preloadFiles(manifest: Manifest, modules: string[]): string[] {
  const walk = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const k of chunk.imports ?? []) walk(k, into);
  };
  const initial = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key, initial);
  const wanted = new Set<string>();
  for (const m of modules) walk(m, wanted);
  return [...wanted].filter((f) => !initial.has(f)).map((f) => `/${f}`);
}

export const APP_BLOCK = /<!--app-->[\s\S]*?<!--\/app-->/;

/** The module script and the module preloads Vite writes into the built index.html. */
const BUILT_SCRIPTS = /<(script type="module"|link rel="modulepreload") crossorigin/g;

/** `html` with its built scripts and preloads fetched with low priority. */
export const lowPriorityScripts = (html: string) => html.replace(BUILT_SCRIPTS, (tag) => `${tag} fetchpriority="low"`);

/** The route's preloads, as <link> tags ('' for none). */
export const preloadLinks = (preload: string[]) => preload.map((f) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${escapeHtml(f)}">`).join('\n    ');

/** What takes the app block's place, in pieces (the app's markup one of them): the rendered app and its data island. */
export const appBlock = (app: RenderedApp): string[] => ['<div id="root">', app.html, `</div>\n    <script type="application/json" id="rehber-state">${scriptJson(app.state)}</script>`];

/**
 * The built index.html with the rendered app, its data island and its route's preloads. A rendered
 * page shows its content without JavaScript, which only hydrates it, so its scripts and preloads
 * are fetched with low priority: the stylesheet and images come first on a slow link (high-priority
 * scripts fetched before the first paint delay it). server/ssr/page-template.ts makes a page's in one pass.
 */
export function injectApp(html: string, app: RenderedApp): string {
  const links = preloadLinks(app.preload);
  const withApp = lowPriorityScripts(html).replace(APP_BLOCK, () => appBlock(app).join(''));
  return links ? withApp.replace('</head>', () => `  ${links}\n  </head>`) : withApp;
}

/** `<meta name="rehber-site">`: the site's name, contact details and map tiles, read by web/src/lib/site-config.tsx. */
export function injectSiteMeta(html: string, site: SiteConfig): string {
  const content = { siteName: site.siteName, contact: site.contact, map: site.map };
  const tag = `<meta name="rehber-site" content="${escapeHtml(JSON.stringify(content))}" />`;
  return html.replace('</head>', () => `  ${tag}\n  </head>`);
}
