import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../server/test-app.js';
import { PMTILES_PATH } from '../server/routes/map.js';
import { startTileServer, writePmtiles } from '../server/routes/map.fixtures.js';
import { axeViolations } from './public-helpers.js';
import { publicSession, usePublicApp } from './public-session.js';

/**
 * The map of a page's businesses, drawn from tiles of a fixture server started here (never a
 * public tile service), or from a PMTiles archive the app serves; and without either, no map.
 */
const tiles = await startTileServer();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rehber-map-e2e-'));
const archive = writePmtiles(path.join(dir, 'tiles.pmtiles'));
afterAll(async () => {
  await tiles.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const BUSINESSES = [
  { name: 'Harbour Cafe', slug: 'harbour-cafe', latitude: 41.01, longitude: 28.97, rating: 4.5, review_count: 120 },
  { name: 'Hill Cafe', slug: 'hill-cafe', latitude: 41.04, longitude: 29.02 },
  // Three on one corner: one cluster at the zoom that shows the whole city.
  { name: 'Corner A', slug: 'corner-a', latitude: 41.02, longitude: 28.99 },
  { name: 'Corner B', slug: 'corner-b', latitude: 41.02001, longitude: 28.99001 },
  { name: 'Corner C', slug: 'corner-c', latitude: 41.02002, longitude: 28.99002 },
  { name: 'Nowhere Cafe', slug: 'nowhere-cafe', latitude: null, longitude: null },
  { name: 'Centre Cafe', slug: 'centre-cafe', latitude: 41.03, longitude: 29.0, coordinates_approximate: true },
];

async function seed(app: TestApp): Promise<void> {
  const [city] = await app.db('cities').insert({ name: 'Mapton', country: 'Turkey', slug: 'mapton', business_count: BUSINESSES.length }).returning('id');
  const [category] = await app.db('categories').insert({ name: 'Cafe', slug: 'cafe' }).returning('id');
  await app.db('businesses').insert(
    BUSINESSES.map((b, i) => ({ address: `Street ${i + 1}`, city_id: city.id, category_id: category.id, identity_key: `n:${b.slug}`, ...b })),
  );
  await app.settle();
}

// A short screen: the map starts below the fold, so it must wait to be scrolled to.
const SHORT = { viewport: { width: 1280, height: 240 } };
const s = publicSession({ app: { sample: false, seed, config: { map: { tileUrl: tiles.template, attribution: '© Fixture tiles' } } }, context: SHORT });
const plain = usePublicApp({ sample: false, seed });
const pmtiles = usePublicApp({ sample: false, seed, config: { map: { pmtilesFile: archive } } });

/** The map's chunk and its tiles, as the page asks for them. */
function watch(page: Page): { chunks: string[]; archive: string[] } {
  const seen = { chunks: [] as string[], archive: [] as string[] };
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (/\/assets\/draw-map-[^/]+\.js$/.test(url.pathname)) seen.chunks.push(url.pathname);
    if (url.pathname === PMTILES_PATH) seen.archive.push(req.headers().range ?? '');
  });
  return seen;
}

const map = (page: Page) => page.locator('[data-map]');

async function scrollToMap(page: Page): Promise<void> {
  await map(page).scrollIntoViewIfNeeded();
  await page.locator('.leaflet-tile-loaded').first().waitFor();
}

describe('the map with a tile URL', () => {
  it('is drawn only once scrolled to, from the fixture tiles, with a marker per business and a cluster', async () => {
    const { page } = s;
    const seen = watch(page);
    await page.goto(`${s.app.url}/city/mapton`);
    await page.getByRole('heading', { level: 1, name: 'Mapton' }).waitFor();
    // The server drew the map's box, but nothing of the map is loaded before it comes near the screen.
    await map(page).waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    expect(seen.chunks).toEqual([]);
    expect(tiles.requests).toEqual([]);
    await scrollToMap(page);
    expect(seen.chunks).toHaveLength(1);
    expect(tiles.requests.length).toBeGreaterThan(0);
    expect(tiles.requests.every((r) => /^\/\d+\/\d+\/\d+\.png$/.test(r))).toBe(true);
    await page.getByText('© Fixture tiles').waitFor();
    // Harbour, Hill and Centre alone; the three on one corner as one cluster of 3; Nowhere is only in the list.
    await expect.poll(() => page.locator('.rehber-marker').count()).toBe(3);
    expect(await page.locator('.rehber-cluster').innerText()).toBe('3');
    await page.getByRole('button', { name: 'Centre Cafe (approximate location)' }).waitFor();
    expect(await page.getByRole('button', { name: /Nowhere Cafe/ }).count()).toBe(0);
    await page.getByRole('link', { name: 'Nowhere Cafe' }).first().waitFor();
  });

  it("clicking a marker shows the business's card; clicking the cluster opens it into its markers", async () => {
    const { page } = s;
    await page.goto(`${s.app.url}/city/mapton/cafe`);
    await scrollToMap(page);
    await page.getByRole('button', { name: 'Harbour Cafe' }).click();
    const card = page.locator('[data-map-card]');
    await card.waitFor();
    expect(await card.getByRole('link', { name: 'Harbour Cafe' }).getAttribute('href')).toBe('/details/harbour-cafe');
    expect(await card.getByRole('img', { name: 'Rated 4.5 out of 5' }).count()).toBe(1);
    await card.getByRole('button', { name: 'Close' }).click();
    await card.waitFor({ state: 'detached' });
    await page.locator('.rehber-cluster').click();
    await page.getByRole('button', { name: 'Corner B' }).waitFor();
    await page.getByRole('button', { name: 'Corner C' }).waitFor();
  });

  it('is reached by keyboard: a marker takes focus, Enter opens its card with the focus on its link', async () => {
    const { page } = s;
    await page.goto(`${s.app.url}/city/mapton`);
    await scrollToMap(page);
    await page.getByRole('button', { name: 'Hill Cafe' }).focus();
    await page.keyboard.press('Enter');
    await page.locator('[data-map-card]').waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Hill Cafe');
    // The map can be skipped: its skip link leads past it.
    expect(await page.getByRole('link', { name: 'Skip the map' }).count()).toBe(1);
  });

  it('passes axe with the map drawn and a card open, on a city page and a business page', async () => {
    // Our CSP refuses injected scripts; axe is the test's own, so this context bypasses it.
    const page = await s.reopen({ ...SHORT, bypassCSP: true });
    await page.goto(`${s.app.url}/city/mapton`);
    await scrollToMap(page);
    await page.getByRole('button', { name: 'Harbour Cafe' }).click();
    await page.locator('[data-map-card]').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`${s.app.url}/details/centre-cafe`);
    await scrollToMap(page);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('moving the map offers "Search this area" around its centre', async () => {
    const { page } = s;
    await page.goto(`${s.app.url}/search?q=cafe`);
    await scrollToMap(page);
    expect(await page.locator('[data-search-area]').count()).toBe(0);
    await page.locator('.leaflet-control-zoom-out').click();
    const link = page.getByRole('link', { name: 'Search this area' });
    await link.waitFor();
    const href = (await link.getAttribute('href')) ?? '';
    const m = /^\/search\?near=(-?\d+\.\d{5}),(-?\d+\.\d{5})&radius=(\d+(?:\.\d)?)$/.exec(href);
    expect(m, href).not.toBeNull();
    // Zoomed out around the same centre: within the businesses' box, the radius a few km.
    expect(Number(m![1])).toBeGreaterThan(41.0);
    expect(Number(m![1])).toBeLessThan(41.05);
    expect(Number(m![2])).toBeGreaterThan(28.96);
    expect(Number(m![2])).toBeLessThan(29.03);
    expect(Number(m![3])).toBeGreaterThan(1);
    await link.click();
    await page.waitForURL((u) => u.pathname === '/search' && u.searchParams.has('near') && u.searchParams.has('radius'));
  });

  it("shows a business's spot on its page, saying when it is only the city's centre", async () => {
    const { page } = s;
    await page.goto(`${s.app.url}/details/centre-cafe`);
    await scrollToMap(page);
    await page.getByRole('button', { name: 'Centre Cafe (approximate location)' }).waitFor();
    expect(await page.locator('[data-map-approximate]').innerText()).toBe("Approximate location: the city's centre");
    await page.goto(`${s.app.url}/details/harbour-cafe`);
    await scrollToMap(page);
    await page.getByRole('button', { name: 'Harbour Cafe' }).waitFor();
    expect(await page.locator('[data-map-approximate]').count()).toBe(0);
  });
});

describe('the map from a PMTiles archive', () => {
  let app: TestApp;
  beforeAll(() => {
    app = pmtiles.app;
  });

  it('reads its tiles from the archive the app serves, in byte ranges', async () => {
    const { page } = s;
    const seen = watch(page);
    await page.goto(`${app.url}/city/mapton`);
    await scrollToMap(page);
    expect(seen.archive.length).toBeGreaterThan(0);
    expect(seen.archive.every((r) => /^bytes=\d+-\d+$/.test(r))).toBe(true);
    expect(await page.locator('img.leaflet-tile-loaded').first().getAttribute('src')).toMatch(/^blob:/);
    await expect.poll(() => page.locator('.rehber-marker').count()).toBe(3);
  });
});

describe('without tiles configured', () => {
  it('draws no map and leaves no space, and loads nothing of it', async () => {
    const { page } = s;
    const seen = watch(page);
    for (const p of ['/city/mapton', '/city/mapton/cafe', '/category/cafe', '/search?q=cafe', '/details/harbour-cafe']) {
      const html = await (await fetch(`${plain.app.url}${p}`)).text();
      expect(html, p).not.toContain('data-map');
      await page.goto(`${plain.app.url}${p}`);
      await page.getByRole('link', { name: 'Harbour Cafe' }).or(page.getByRole('heading', { name: 'Harbour Cafe' })).first().waitFor();
      await page.mouse.wheel(0, 3000);
      await page.waitForLoadState('networkidle');
      expect(await page.locator('[data-map], .leaflet-container, section[aria-label^="Map"]').count(), p).toBe(0);
    }
    expect(seen.chunks).toEqual([]);
  });
});
