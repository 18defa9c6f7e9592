import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { injectHead, renderHead } from '../seo/head.js';
import { PageTemplate } from './page-template.js';
import { injectApp, type RenderedApp } from './renderer.js';

/** web/index.html as Vite builds it: its entry script, a preload and the stylesheet in its head. */
const built = fs
  .readFileSync(new URL('../../web/index.html', import.meta.url), 'utf8')
  .replace('</head>', '  <script type="module" crossorigin src="/assets/index-1.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/constants-1.js">\n    <link rel="stylesheet" crossorigin href="/assets/index-1.css">\n  </head>');

const SHELLS = [
  built,
  '<html><head><title>t</title><script type="module" crossorigin src="/assets/index-1.js"></script></head><body><!--app--><div id="root">shell</div><!--/app--></body></html>',
  '<!doctype html><html class="h-full" lang="fr"><head><!--head--><title>x</title><!--/head--></head><body><!--app--><div id="root"></div><!--/app--></body></html>',
  // Out of order or missing places: made by the replaces.
  '<html><head></head><body><!--app--><div id="root"></div><!--/app--><!--head--><!--/head--></body></html>',
  '<html><body>no places</body></html>',
];

const HEADS = [
  undefined,
  renderHead({ title: 'Çınar $& $1 $` Plumber', description: 'd </head> <!--app-->', canonical: 'https://x.example/details/a', lang: 'tr', jsonLd: { name: '</script><!--head-->' } }),
  renderHead({ title: 't', description: 'd' }),
];

const APPS: Array<RenderedApp | null> = [
  null,
  { html: '<main>page $& $1 ç</main>', state: { queries: [{ name: '</script> $& \u2028' }] }, preload: ['/assets/home-1.js', '/assets/card-2.js'], complete: true },
  { html: '', state: {}, preload: [], complete: true },
];

describe('a page made from its template in one pass', () => {
  it('is byte for byte the page the head and app replaces made, for every template, head and app', () => {
    for (const shell of SHELLS) {
      const template = new PageTemplate(shell);
      for (const head of HEADS) {
        for (const app of APPS) {
          const withHead = head ? injectHead(shell, head) : shell;
          expect(template.page(head, app)).toBe(app ? injectApp(withHead, app) : withHead);
        }
      }
    }
  });

  it("sends the page's bytes as its text encodes them (text past Latin-1 in the app, the island and the head)", () => {
    const app: RenderedApp = { html: '<main>Kadıköy ★ 4.5 $& $1 \ud83d</main>', state: { name: 'Şişli ★ \udc00' }, preload: ['/assets/home-1.js'], complete: true };
    for (const shell of SHELLS) {
      const template = new PageTemplate(shell);
      for (const head of HEADS) {
        for (const a of [app, null]) {
          const bytes = template.bytes(head, a);
          expect(bytes.equals(Buffer.from(template.page(head, a)))).toBe(true);
        }
      }
    }
    expect(new PageTemplate(built).bytes(HEADS[1], app).toString('utf8')).toContain('<div id="root"><main>Kadıköy ★ 4.5 $& $1 \ufffd</main></div>\n    <script type="application/json" id="rehber-state">{"name":"Şişli ★ \\udc00"}</script>');
  });
});
