/**
 * Categories in a city at a million businesses (BENCH_ONLY=combos): how many combinations pass
 * CITY_CATEGORY_MIN_BUSINESSES (in a city, in a district), the server-rendered page of distinct ones under CONNECTIONS clients beside the
 * yardstick (load-cases.ts; a unique `n` per request, so the answer cache
 * never answers it; the page's list is read as a visitor's first view of it after a write would
 * read it, or from the search memo when the same combination came up before at this data
 * version), the same of categories in a country, the country page's links to its top combinations
 * and to its categories and a category's to its top cities and countries as their first view after a write reads
 * them, the country pages' HTML, and the whole directory's sitemap generation (left out with
 * BENCH_COMBOS_SITEMAPS=0, run alone with BENCH_COMBOS_SITEMAPS=only). The category-in-a-city case runs twice: as the load generator asks, and
 * with a browser's Accept-Encoding (the bytes a page on the wire are printed for both).
 * BENCH_COMBOS_ONLY=<parts of case names> runs some of the HTTP cases. BENCH_HTTP_PG_STATS and
 * BENCH_HTTP_CPU_PROF work as in http.ts.
 */
import { createDb } from '../../db/index.js';
import { listCityCategories } from '../../db/queries/city-categories.js';
import { listCountryCategories } from '../../db/queries/country-categories.js';
import { generateSitemaps } from '../../data/sitemap/sitemap.js';
import { CITY_CATEGORY_LINKS, CITY_CATEGORY_MIN_BUSINESSES, COUNTRY_CATEGORY_LINKS } from '../../domain/constants.js';
import { cityCategoryPath, countryCategoryPath, districtCategoryPath, slugPath } from '../../domain/paths.js';
import { slugifyText } from '../../domain/slug.js';
import type { BenchContext } from './context.js';
import { ensureBusinesses } from './export.js';
import { pick } from './http-load.js';
import { measureCases, onlyCases, sampleSlugs } from './load-cases.js';
import { pgStats } from './pg-stats.js';
import { startServer } from './server-child.js';

/** Distinct combinations the page case draws from: more than it asks in its run, so most are first views. */
const SAMPLED = 20_000;
/** Runs of a one-connection read; their median is reported. */
const RUNS = 5;

export async function run(ctx: BenchContext): Promise<void> {
  const rows = ctx.rows(1_000_000);
  await ensureBusinesses(ctx, rows);
  const at = `${rows.toLocaleString('en-US')} businesses`;
  if (process.env.BENCH_COMBOS_SITEMAPS === 'only') return sitemaps(ctx, at);
  const db = createDb(ctx.dbUrl, { max: 2 });
  let combos: string[];
  let districts: string[];
  let countries: Array<{ name: string; slug: string }>;
  let inCountries: string[];
  try {
    const { rows: counted } = await db.raw(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM business_facets WHERE city_id IS NOT NULL AND category_id IS NOT NULL GROUP BY city_id, category_id HAVING sum(n) >= ?) g`,
      [CITY_CATEGORY_MIN_BUSINESSES],
    );
    ctx.report({ name: `Categories in a city with at least ${CITY_CATEGORY_MIN_BUSINESSES} businesses, ${at}`, value: counted[0].n, unit: 'pages' });
    const { rows: sample } = await db.raw(
      `SELECT ci.slug AS city, ca.slug AS category FROM (SELECT city_id, category_id FROM business_facets
          WHERE city_id IS NOT NULL AND category_id IS NOT NULL GROUP BY city_id, category_id HAVING sum(n) >= ? ORDER BY random() LIMIT ?) g
        JOIN cities ci ON ci.id = g.city_id JOIN categories ca ON ca.id = g.category_id`,
      [CITY_CATEGORY_MIN_BUSINESSES, SAMPLED],
    );
    combos = (sample as Array<{ city: string; category: string }>).map((c) => cityCategoryPath(c.city, c.category));
    // The generated addresses name a district now and then (the resolver reads it): those that are pages.
    const { rows: inDistricts } = await db.raw(
      `SELECT ci.slug AS city, g.district, ca.slug AS category FROM (SELECT city_id, district, category_id FROM business_facets
          WHERE city_id IS NOT NULL AND category_id IS NOT NULL AND district <> '' GROUP BY 1, 2, 3 HAVING sum(n) >= ? ORDER BY random() LIMIT ?) g
        JOIN cities ci ON ci.id = g.city_id JOIN categories ca ON ca.id = g.category_id`,
      [CITY_CATEGORY_MIN_BUSINESSES, SAMPLED],
    );
    districts = (inDistricts as Array<{ city: string; district: string; category: string }>)
      .filter((d) => slugifyText(d.district))
      .map((d) => districtCategoryPath(d.city, slugifyText(d.district), d.category));
    ctx.report({ name: `Categories in a district with at least ${CITY_CATEGORY_MIN_BUSINESSES} businesses, ${at}`, value: districts.length, unit: 'pages' });
    countries = (await db('countries').orderBy('business_count', 'desc').limit(3).select('name', 'slug')) as Array<{ name: string; slug: string }>;
    for (const country of countries) {
      const ms = await median(() => listCityCategories(db, { country: country.name }, CITY_CATEGORY_MIN_BUSINESSES, CITY_CATEGORY_LINKS.country));
      ctx.report({ name: `A country page's links to its top categories in a city (${country.name}), one connection, median of ${RUNS}`, value: ms, unit: 'ms' });
      const own = await median(() => listCountryCategories(db, { country: country.name }, CITY_CATEGORY_MIN_BUSINESSES, COUNTRY_CATEGORY_LINKS.country));
      ctx.report({ name: `A country page's links to its categories in it (${country.name}), one connection, median of ${RUNS}`, value: own, unit: 'ms' });
    }
    const biggest = (await db('categories').orderBy('business_count', 'desc').first('id', 'name')) as { id: number; name: string };
    const topCities = await median(() => listCityCategories(db, { categoryId: biggest.id }, CITY_CATEGORY_MIN_BUSINESSES, CITY_CATEGORY_LINKS.category));
    ctx.report({ name: `A category page's links to its top cities (${biggest.name}), one connection, median of ${RUNS}`, value: topCities, unit: 'ms' });
    const topCountries = await median(() => listCountryCategories(db, { categoryId: biggest.id }, CITY_CATEGORY_MIN_BUSINESSES, COUNTRY_CATEGORY_LINKS.category));
    ctx.report({ name: `A category page's links to its top countries (${biggest.name}), one connection, median of ${RUNS}`, value: topCountries, unit: 'ms' });
    // Every category in a country that is a page (a few thousand at most: countries × categories).
    const { rows: perCountry } = await db.raw(
      `SELECT co.slug AS country, ca.slug AS category FROM (SELECT ci.country, f.category_id FROM business_facets f JOIN cities ci ON ci.id = f.city_id
          WHERE f.category_id IS NOT NULL GROUP BY 1, 2 HAVING sum(f.n) >= ?) g
        JOIN countries co ON co.name = g.country JOIN categories ca ON ca.id = g.category_id`,
      [CITY_CATEGORY_MIN_BUSINESSES],
    );
    inCountries = (perCountry as Array<{ country: string; category: string }>).map((c) => countryCategoryPath(c.country, c.category));
    ctx.report({ name: `Categories in a country with at least ${CITY_CATEGORY_MIN_BUSINESSES} businesses, ${at}`, value: inCountries.length, unit: 'pages' });
  } finally {
    await db.destroy();
  }

  const slugs = await sampleSlugs(ctx.dbUrl);
  const server = await startServer(ctx.dbUrl);
  const statements = await pgStats(ctx.adminUrl);
  try {
    for (const country of countries) {
      const html = await (await fetch(`${server.appUrl}${slugPath('country', country.slug)}`)).text();
      ctx.report({ name: `Country page's HTML (${country.name})`, value: Math.round(Buffer.byteLength(html) / 1024), unit: 'KB' });
    }
    let n = 0;
    const combo = () => `${pick(combos)}?n=${++n}`;
    // A browser's Accept-Encoding: what a visitor gets (the other cases, like every load of the
    // benches, ask for the page as it is), beside the same case without it.
    const browser = { 'accept-encoding': 'gzip, deflate, br' };
    await measureCases(ctx, server, statements, [
      { name: 'Category in a city page, distinct combinations', next: combo },
      { name: 'Category in a city page, distinct combinations, as a browser asks it (gzip, deflate, br)', next: combo, headers: browser },
      ...(districts.length ? [{ name: 'Category in a district page, distinct combinations', next: () => `${pick(districts)}?n=${++n}` }] : []),
      { name: 'Category in a country page, distinct combinations', next: () => `${pick(inCountries)}?n=${++n}` },
      { name: 'Country page, top three countries', next: () => `${slugPath('country', pick(countries).slug)}?n=${++n}` },
    ], {
      only: onlyCases(process.env.BENCH_COMBOS_ONLY),
      at,
      slugs,
      more: (name, r) => ctx.report({ name: `${name}, bytes a page on the wire`, value: Math.round(r.bodyBytes / 100) / 10, unit: 'KB' }),
    });
  } finally {
    await statements?.stop();
    await server.stop();
  }
  if (process.env.BENCH_COMBOS_SITEMAPS !== '0') await sitemaps(ctx, at);
}

/** The whole directory's sitemaps, the combinations' files included (goal: under 15 s), and the CPU this process spent on them. */
async function sitemaps(ctx: BenchContext, at: string): Promise<void> {
  const gen = createDb(ctx.dbUrl, { max: 2 });
  try {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const result = await generateSitemaps(gen, { baseUrl: 'https://bench.example', baseUrlChosen: true });
    const seconds = (performance.now() - started) / 1000;
    const { user, system } = process.cpuUsage(cpu);
    const name = `Sitemap generation of the whole directory, ${at} (${result.files.length} files, ${result.urls.toLocaleString('en-US')} URLs)`;
    ctx.report({ name: `${name}, time`, value: seconds, unit: 's' });
    ctx.report({ name: `${name}, the generating process's CPU`, value: (user + system) / 1e6, unit: 's' });
  } finally {
    await gen.destroy();
  }
}

/** The median time of RUNS runs of `read`, in ms. */
async function median(read: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await read();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)];
}

