import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { loadSample } from '../data/samples/sample.js';
import type { Config } from '../server/config.js';
import { startTestApp, type TestApp } from '../server/test-app.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const AXE_PATH = path.join(root, 'node_modules', 'axe-core', 'axe.min.js');

/** The real app on a fresh database; with the bundled sample unless `sample: false`; `clock`: the server's time. Needs dist/web (make build-web). */
export async function startPublicApp(options: { sample?: boolean; config?: Partial<Config>; clock?: () => Date } = {}): Promise<TestApp> {
  if (!fs.existsSync(path.join(root, 'dist', 'web', 'index.html'))) {
    throw new Error('dist/web is missing: run `npx vite build --config web/vite.config.ts` (make test does it)');
  }
  const app = await startTestApp(options.config, { clock: options.clock });
  if (options.sample !== false) await loadSample(app.db);
  return app;
}

/** A business of the sample chosen by a query, with its slug and its city's slug. */
export async function someBusiness(app: TestApp, where: (q: ReturnType<TestApp['db']>) => unknown = () => {}): Promise<{ name: string; slug: string; citySlug: string; cityName: string }> {
  const q = app.db('businesses as b').join('cities as c', 'c.id', 'b.city_id').select('b.name', 'b.slug', 'c.slug as citySlug', 'c.name as cityName').orderBy('b.id').first();
  where(q);
  return (await q) as { name: string; slug: string; citySlug: string; cityName: string };
}

/** Runs axe-core in the page; returns the serious and critical violations, described. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Array<{ id: string; impact: string; help: string; nodes: Array<{ target: string[] }> }> }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.impact} ${v.id}: ${v.help} (${v.targets.join(', ')})`);
}

/** Every request the page makes to a host other than the app's. */
export function trackThirdParty(page: Page, appUrl: string): string[] {
  const origin = new URL(appUrl).origin;
  const seen: string[] = [];
  page.on('request', (req) => {
    const url = req.url();
    if (/^https?:/.test(url) && new URL(url).origin !== origin) seen.push(url);
  });
  return seen;
}

/** A page's status and HTML as a crawler gets it (no JavaScript). */
export async function fetchHtml(url: string): Promise<{ status: number; body: string }> {
  const res = await fetch(url);
  return { status: res.status, body: await res.text() };
}

/** The first group of `re` in `body`. */
export const attr = (body: string, re: RegExp) => re.exec(body)?.[1];
/** An attribute's text with the entities the server writes decoded. */
export const decode = (t: string | undefined) => t?.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');

/** A page's JSON-LD objects by their @type. */
export function jsonLd(body: string): Record<string, { itemListElement: Array<Record<string, unknown>> }> {
  const out: Record<string, { itemListElement: Array<Record<string, unknown>> }> = {};
  // The first of a type: a business page's second BreadcrumbList is its other way down (jsonLds has both).
  for (const obj of jsonLds(body) as Array<{ '@type': string; itemListElement: Array<Record<string, unknown>> }>) out[obj['@type']] ??= obj;
  return out;
}

/** Every JSON-LD object of a page, in order. */
export function jsonLds(body: string): Array<Record<string, unknown>> {
  return [...body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]) as Record<string, unknown>);
}

/** The queries of a page's data island: each query's key and its data. */
export function islandQueries(body: string): Array<{ queryKey: unknown[]; data: unknown }> {
  const island = /<script type="application\/json" id="rehber-state">([\s\S]*?)<\/script>/.exec(body)![1];
  return (JSON.parse(island) as { queries: Array<{ queryKey: unknown[]; state: { data: unknown } }> }).queries.map((q) => ({ queryKey: q.queryKey, data: q.state.data }));
}

/**
 * The keys of the pages of lists (a city's or a category's businesses) a page's data island
 * carries, in its order.
 */
export const islandListKeys = (body: string): unknown[][] => islandQueries(body).map((q) => q.queryKey).filter((key) => key[3] === 'businesses');

/**
 * A combination page viewed under a query that reads as its plain page (its default sort spelled
 * out): its data island carries the plain page's list, once, under the same key.
 */
export async function expectOneListUnder(url: string, queries: string[]): Promise<void> {
  const plain = islandListKeys((await fetchHtml(url)).body);
  expect(plain).toHaveLength(1);
  for (const query of queries) expect(islandListKeys((await fetchHtml(`${url}?${query}`)).body), query).toEqual(plain);
}

/**
 * A combination page (a category in a city, a district or a country) names its place and its
 * category and draws none of their links: its island carries each without them, under its summary's key.
 */
export function expectNamesWithoutLinks(body: string, keys: unknown[][]): void {
  const queries = islandQueries(body);
  for (const key of keys) expect(queries.some((q) => JSON.stringify(q.queryKey) === JSON.stringify(key)), JSON.stringify(key)).toBe(true);
  const json = JSON.stringify(queries.map((q) => q.data));
  for (const links of ['cityCategories', 'countryCategories']) expect(json).not.toContain(`"${links}":`);
}
