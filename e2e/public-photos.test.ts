import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startImageServer, type ImageServer } from '../data/photos/image-server.fixtures.js';
import { PHOTO_CACHE_MAX_MB } from '../data/photos/limits.js';
import { useTempDir } from '../scripts/test-hooks.fixtures.js';
import { someBusiness, trackThirdParty } from './public-helpers.js';
import { publicSession } from './public-session.js';

/**
 * Photos in the browser: a business whose photo is on another host (here a local
 * image server, over plain http) shows it from rehber's own origin, resized, as WebP; businesses
 * without one show the drawing of their kind of business.
 */
let images: ImageServer;
let business: { slug: string; name: string };

beforeAll(async () => {
  images = await startImageServer();
});
afterAll(async () => {
  await images?.close();
});
// The image server is on 127.0.0.1, which production refuses to fetch from.
const cacheDir = useTempDir('rehber-e2e-photos-');
const s = publicSession({
  app: {
    config: { photos: { cacheDir, allowPrivateHosts: true, maxBytes: PHOTO_CACHE_MAX_MB * 1024 * 1024 } },
    seed: async (app) => {
      business = await someBusiness(app);
      await app.db('businesses').where({ slug: business.slug }).update({ photo: `${images.url}/photo.jpg` });
      await app.settle();
    },
  },
});

/** The detail page's photo once loaded: where it came from and how big it is. */
async function heroPhoto(page: Page) {
  const img = page.locator('main [data-photo] img').first();
  await img.waitFor();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0))).toBeGreaterThan(0);
  return img.evaluate((el: HTMLImageElement) => ({ src: el.currentSrc, width: el.naturalWidth, alt: el.alt }));
}

describe('business photos', () => {
  it('shows a remote http photo from rehber’s origin as resized WebP, fetched from its host once', async () => {
    for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
      const page = await s.reopen({ viewport });
      const thirdParty = trackThirdParty(page, s.app.url);
      const types: string[] = [];
      page.on('response', (r) => void (r.url().includes('/photos/') && types.push(r.headers()['content-type'] ?? '')));
      // While its source is still being fetched (a slow machine), the photo's address redirects to
      // the placeholder, which is not kept: a later visit gets the photo.
      let photo: Awaited<ReturnType<typeof heroPhoto>> | undefined;
      await expect
        .poll(async () => {
          types.length = 0;
          await page.goto(`${s.app.url}/details/${business.slug}`);
          photo = await heroPhoto(page);
          await page.waitForLoadState('load');
          return types;
        }, { timeout: 30_000 })
        .toContain('image/webp');
      expect(photo!.src.startsWith(`${s.app.url}/photos/${business.slug}/`)).toBe(true);
      expect(photo!.src).toMatch(/-\d+\.webp$/);
      expect(photo!.width).toBeLessThan(1600); // resized, not the 1600 px source
      expect(photo!.alt).toBe(business.name);
      expect(thirdParty).toEqual([]);
    }
    // Two fresh browsers, two viewports, two widths: the source was fetched once.
    expect(images.hits('/photo.jpg')).toBe(1);
  });

  it('shows the placeholder instead of an image the server no longer knows (a 404 from a stale page)', async () => {
    const page = s.page;
    await page.route(`**/photos/${business.slug}/**`, (route) => route.fulfill({ status: 404, contentType: 'application/json', body: '{"message":"Photo not found"}' }));
    await page.goto(`${s.app.url}/details/${business.slug}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.locator('main [data-photo-placeholder]').first().waitFor();
    expect(await page.locator('main [data-photo] img').count()).toBe(0);
  });

  it('shows the drawing of each business’s kind where there is no photo, with no broken image', async () => {
    const page = s.page;
    const thirdParty = trackThirdParty(page, s.app.url);
    const failed: string[] = [];
    const answered = new Set<string>();
    page.on('response', (r) => {
      answered.add(r.url());
      if (r.status() >= 400) failed.push(r.url());
    });
    await page.goto(`${s.app.url}/`);
    await page.locator('[data-business-card]').first().waitFor();
    const drawings = await page
      .locator('[data-photo-placeholder]')
      .evaluateAll((els) => els.map((el) => getComputedStyle(el).backgroundImage));
    expect(drawings.length).toBeGreaterThan(3);
    expect(drawings.every((d) => /\/photos\/placeholders\/v1\/[a-z]+\.svg/.test(d))).toBe(true);
    expect(new Set(drawings).size).toBeGreaterThan(1); // a café and a locksmith do not look alike
    // Every drawing answered (not "no request for 500 ms", which a busy machine may never see).
    const drawingUrls = [...new Set(drawings.map((d) => /url\("([^"]+)"\)/.exec(d)![1]))];
    await page.waitForLoadState('load');
    await expect.poll(() => drawingUrls.filter((u) => !answered.has(u)), { timeout: 30_000 }).toEqual([]);
    expect(failed).toEqual([]);
    expect(thirdParty).toEqual([]);
  });
});
