import { describe, expect, it } from 'vitest';
import { injectApp, injectSiteMeta } from './renderer.js';

const SHELL = '<html><head><title>t</title><script type="module" crossorigin src="/assets/index-1.js"></script><link rel="modulepreload" crossorigin href="/assets/constants-1.js"></head><body><!--app--><div id="root"><header>shell</header></div><!--/app--></body></html>';

describe('the rendered page in the built index.html', () => {
  it('replaces the shell with the markup, adds the data island and the route preloads', () => {
    const html = injectApp(SHELL, { html: '<main>page $& $1</main>', state: { queries: [] }, preload: ['/assets/home-1.js'], complete: true });
    expect(html).toContain('<div id="root"><main>page $& $1</main></div>');
    expect(html).not.toContain('shell');
    expect(html).toContain('<script type="application/json" id="rehber-state">{"queries":[]}</script>');
    expect(html).toContain('<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/home-1.js">\n  </head>');
  });

  it('fetches the scripts of a rendered page with low priority: they only hydrate it', () => {
    const html = injectApp(SHELL, { html: '<main>page</main>', state: { queries: [] }, preload: [], complete: true });
    expect(html).toContain('<script type="module" crossorigin fetchpriority="low" src="/assets/index-1.js"></script>');
    expect(html).toContain('<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/constants-1.js">');
  });

  it('keeps data that looks like markup inert inside the island', () => {
    const hostile = '</script><script>alert(1)</script><!-- \u2028';
    const html = injectApp(SHELL, { html: '', state: { name: hostile }, preload: [], complete: true });
    const island = /id="rehber-state">([\s\S]*?)<\/script>/.exec(html)![1];
    expect(island).not.toMatch(/[<>\u2028]/);
    expect(JSON.parse(island)).toEqual({ name: hostile });
  });

  it('tells the browser the site name and contact details in an escaped <meta>', () => {
    const html = injectSiteMeta(SHELL, { siteName: '"><script>x</script>', contact: { email: 'a@b.co' }, ads: { slots: {} } });
    const content = /<meta name="rehber-site" content="([^"]*)" \/>/.exec(html)![1];
    expect(content).not.toMatch(/[<>]/);
    const unescaped = content.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
    expect(JSON.parse(unescaped)).toEqual({ siteName: '"><script>x</script>', contact: { email: 'a@b.co' } });
  });
});
