import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-app.js';
import { matchPage } from '../../domain/paths.js';

/**
 * Paths that begin with two slashes: the page renderer read '//x' as an address on a host named x
 * (the home page's, under a 404) and threw on '//' (logging an error and sending the bare shell).
 */
describe('paths of repeated slashes', () => {
  let app: TestApp;
  const page = async (path: string) => {
    const res = await fetch(app.url + path);
    return { status: res.status, html: await res.text() };
  };

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('a path of slashes alone is the home page, its canonical the home page', async () => {
    for (const path of ['//', '///']) {
      expect(matchPage(path)).toEqual({ kind: 'static', page: 'home' });
      const { status, html } = await page(path);
      expect(status).toBe(200);
      expect(html).toContain('<title>rehber: local businesses worldwide</title>');
      expect(html).toContain(`<link rel="canonical" href="${app.url}/"`);
    }
  });

  it('any other is the not-found page, whole, not another page under a 404', async () => {
    for (const path of ['//x', '//search?q=x', '//city/x']) {
      const { status, html } = await page(path);
      expect(status).toBe(404);
      expect(html).toContain('<title>Page Not Found | rehber</title>');
      // The home page's heading, which '//x' rendered.
      expect(html).not.toContain('Find trusted local businesses near you');
      expect(html).toMatch(/<h1[^>]*><span class="sr-only">404/);
    }
  });
});
