/**
 * The built index.html cut once, at the places a page fills: its `<html lang>`, its head block,
 * the end of its head (the route's preloads), and its app block (the markup and the data island).
 * A page is then its pieces and the template's joined in one pass: the same bytes as
 * `injectApp(injectHead(html, head), app)`, which made a copy of the whole page at each of their
 * five replaces (page-template.test.ts compares the two).
 */
import { HEAD_BLOCK, HTML_TAG, headBlock, injectHead, langTag, type RenderedHead } from '../seo/head.js';
import { APP_BLOCK, appBlock, injectApp, lowPriorityScripts, preloadLinks, type RenderedApp } from './renderer.js';

/** One of the two forms of the template (scripts as built, or fetched with low priority) cut at its places. */
interface Cuts {
  html: string;
  /** Where `<html …>` starts and ends, and the tag without its lang. */
  tagStart: number;
  tagEnd: number;
  bareTag: string;
  /** The head block's start and end. */
  headStart: number;
  headEnd: number;
  /** Where `</head>` starts. */
  headClose: number;
  /** The app block's start and end. */
  appStart: number;
  appEnd: number;
}

/** `html` cut at its places, or null when one is missing or out of order (then the page is made by the replaces). */
function cut(html: string): Cuts | null {
  const tag = HTML_TAG.exec(html);
  const head = HEAD_BLOCK.exec(html);
  const app = APP_BLOCK.exec(html);
  if (!tag || !head || !app) return null;
  const headEnd = head.index + head[0].length;
  const headClose = html.indexOf('</head>');
  const tagEnd = tag.index + tag[0].length;
  if (!(tagEnd <= head.index && headEnd <= headClose && headClose < app.index)) return null;
  return { html, tagStart: tag.index, tagEnd, bareTag: tag[0], headStart: head.index, headEnd, headClose, appStart: app.index, appEnd: app.index + app[0].length };
}

export class PageTemplate {
  /** For a page without its rendered app (the shell the browser renders), and for one with it. */
  private readonly shell: Cuts | null;
  private readonly rendered: Cuts | null;

  constructor(private readonly html: string) {
    this.shell = cut(html);
    this.rendered = cut(lowPriorityScripts(html));
  }

  /** The page: `head` (none: the template's) and `app` (none: the shell) in the template. */
  page(head: RenderedHead | undefined, app: RenderedApp | null): string {
    return this.parts(head, app).join('');
  }

  /**
   * The page as the bytes sent: each part encoded on its own and the bytes joined. The app's markup
   * is most of a page (over 100 KB of text, two bytes a character as soon as one is past Latin-1):
   * copied into one string with the template, then encoded, it was copied twice where once is enough.
   * Each part is encoded straight into its place in the page's one buffer, not into a buffer of its
   * own that a concat then copies again.
   */
  bytes(head: RenderedHead | undefined, app: RenderedApp | null): Buffer {
    const parts = this.parts(head, app);
    const lengths = parts.map((part) => Buffer.byteLength(part));
    const page = Buffer.allocUnsafe(lengths.reduce((sum, n) => sum + n, 0));
    let at = 0;
    for (let i = 0; i < parts.length; i++) at += page.write(parts[i], at);
    return page;
  }

  /** The page's pieces in order, the app's markup one of them. */
  private parts(head: RenderedHead | undefined, app: RenderedApp | null): string[] {
    const c = app ? this.rendered : this.shell;
    if (!c) {
      const withHead = head ? injectHead(this.html, head) : this.html;
      return [app ? injectApp(withHead, app) : withHead];
    }
    const { html } = c;
    let start = head ? html.slice(0, c.tagStart) + langTag(c.bareTag, head.lang) + html.slice(c.tagEnd, c.headStart) + headBlock(head) : html.slice(0, c.headEnd);
    start += html.slice(c.headEnd, c.headClose);
    const links = app ? preloadLinks(app.preload) : '';
    if (links) start += `  ${links}\n  `;
    start += html.slice(c.headClose, c.appStart);
    const end = html.slice(c.appEnd);
    return app ? [start, ...appBlock(app), end] : [start + html.slice(c.appStart, c.appEnd) + end];
  }
}
