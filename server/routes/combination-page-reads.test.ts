/**
 * What a category in a city's page and a country's page send PostgreSQL on their first view (each
 * asked under a new URL, so the answer cache never serves it): every statement reports the data
 * version it saw, so the answer needs no check of the version of its own, a combination's
 * districts come with its list's counts, and its city's row comes from every city's, kept per data
 * version.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-app.js';
import { signedInAdmin } from '../admin-client.fixtures.js';
import { importCsvText } from '../../data/import/import.fixtures.js';
import { cityCategoryPath, countryCategoryPath, slugPath } from '../../domain/paths.js';

const HEADER = 'name,category,phone,full_address,place_id';
const shops = (category: string, city: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${category} ${city} ${i + 1},${category},030 12345${i},"Hauptstraße ${i + 1}, ${city}, Deutschland",P-${category}-${city}-${i}`);
const ROWS = [...shops('Bakery', 'Berlin', 4), ...shops('Cafe', 'Berlin', 3), ...shops('Bakery', 'Hamburg', 3), ...shops('Cafe', 'Köln', 3)];

describe('what a combination page and a country page read on a first view', () => {
  let app: TestApp;
  const sent: string[] = [];
  const count = (q: { sql: string }) => void sent.push(q.sql);
  let n = 0;
  /** The page (a new URL each time) and every statement it sent, the version's included. */
  async function ask(path: string) {
    const before = sent.length;
    const res = await fetch(`${app.url}${path}?n=${++n}`);
    return { status: res.status, text: await res.text(), statements: sent.slice(before) };
  }
  const slugOf = async (table: 'cities' | 'categories' | 'countries', name: string) => ((await app.db(table).where({ name }).first('slug')) as { slug: string }).slug;

  beforeAll(async () => {
    app = await startTestApp();
    await importCsvText(app.db, [HEADER, ...ROWS].join('\n'), { source: 'cli', mode: 'upsert' });
    await app.db.raw(`UPDATE businesses SET district = CASE WHEN name LIKE '% 1' OR name LIKE '% 2' THEN 'Mitte' ELSE 'Pankow' END`);
    await app.settle();
    app.db.on('query', count);
  });
  afterAll(async () => {
    app.db.off('query', count);
    await app.close();
  });

  it('a category in a city whose city was not seen sends its counts with its rows and districts: no other statement, no check of the version', async () => {
    const [berlin, hamburg, bakery, cafe] = await Promise.all([slugOf('cities', 'Berlin'), slugOf('cities', 'Hamburg'), slugOf('categories', 'Bakery'), slugOf('categories', 'Cafe')]);
    // Every city's row, the category's and the slug's id read by a page of the category in another city.
    const warm = await ask(cityCategoryPath(hamburg, bakery));
    expect(warm.status).toBe(200);
    expect(warm.statements.filter((q) => / FROM cities LIMIT /.test(q))).toHaveLength(1);
    const first = await ask(cityCategoryPath(berlin, bakery));
    expect(first.status).toBe(200);
    expect(first.text).toContain('Bakery Berlin 4');
    // Its districts' links, read with its counts, and its description naming them (its list's district facet).
    expect(first.text).toContain('Mitte');
    expect(first.text).toMatch(/<meta name="description" content="[^"]*: 4 businesses, in Mitte and Pankow\./);
    expect(first.statements).toHaveLength(1);
    expect(first.statements.filter((q) => /from "data_version"/.test(q))).toEqual([]);
    expect(first.statements.filter((q) => /\bbusiness_facets\b/.test(q))).toHaveLength(1);
    expect(first.statements.filter((q) => /\bbusinesses\b/.test(q))).toHaveLength(1);
    // A category not seen yet: its row and the slug's id too, still no check.
    const cold = await ask(cityCategoryPath(berlin, cafe));
    expect(cold.status).toBe(200);
    expect(cold.statements).toHaveLength(3);
    expect(cold.statements.filter((q) => /from "data_version"/.test(q))).toEqual([]);
  });

  it('a category in a country sends no check of the version', async () => {
    const [germany, bakery] = await Promise.all([slugOf('countries', 'Germany'), slugOf('categories', 'Bakery')]);
    const first = await ask(countryCategoryPath(germany, bakery));
    expect(first.status).toBe(200);
    expect(first.text).toContain('Bakery Hamburg 1');
    expect(first.statements.length).toBeGreaterThan(0);
    expect(first.statements.filter((q) => /from "data_version"/.test(q))).toEqual([]);
  });

  it('a country page sends one statement, without a transaction and without a check of the version', async () => {
    const germany = await slugOf('countries', 'Germany');
    const first = await ask(slugPath('country', germany));
    expect(first.status).toBe(200);
    expect(first.text).toContain('Hamburg');
    expect(first.statements).toHaveLength(1);
  });

  it('a city renamed or merged is never drawn from the cities kept before the write', async () => {
    const { call } = await signedInAdmin(app);
    const [berlin, hamburg, koeln, bakery, cafe] = await Promise.all([
      slugOf('cities', 'Berlin'), slugOf('cities', 'Hamburg'), slugOf('cities', 'Köln'), slugOf('categories', 'Bakery'), slugOf('categories', 'Cafe'),
    ]);
    const hamburgId = ((await app.db('cities').where({ slug: hamburg }).first('id')) as { id: number }).id;
    const koelnId = ((await app.db('cities').where({ slug: koeln }).first('id')) as { id: number }).id;
    const berlinId = ((await app.db('cities').where({ slug: berlin }).first('id')) as { id: number }).id;
    // Every city kept at this version (a page of each asked), then the writes, each page asked at once after its write.
    for (const path of [cityCategoryPath(berlin, bakery), cityCategoryPath(koeln, cafe)]) expect((await ask(path)).status).toBe(200);
    expect((await call('PUT', `/api/admin/cities/${berlinId}`, { name: 'Spreeburg' })).body).toEqual({ slug: 'spreeburg' });
    const renamed = await ask(cityCategoryPath('spreeburg', bakery));
    expect(renamed.status).toBe(200);
    expect(renamed.text).toContain('Spreeburg');
    expect(renamed.text).not.toContain('Berlin<');
    const old = await fetch(`${app.url}${cityCategoryPath(berlin, bakery)}`, { redirect: 'manual' });
    expect([old.status, old.headers.get('location')]).toEqual([301, cityCategoryPath('spreeburg', bakery)]);
    expect((await call('POST', `/api/admin/cities/${koelnId}/merge`, { into: hamburgId })).status).toBe(200);
    const merged = await fetch(`${app.url}${cityCategoryPath(koeln, cafe)}`, { redirect: 'manual' });
    expect([merged.status, merged.headers.get('location')]).toEqual([301, cityCategoryPath(hamburg, cafe)]);
    const into = await ask(cityCategoryPath(hamburg, cafe));
    expect(into.status).toBe(200);
    expect(into.text).toContain('Cafe Köln 1');
    expect((await fetch(`${app.url}/api/cities/${encodeURIComponent(koeln)}/summary`)).status).not.toBe(200);
  });
});
