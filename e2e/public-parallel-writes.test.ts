import { describe, expect, it } from 'vitest';
import { countryCategoryPath, slugPath } from '../domain/paths.js';
import { setBusinessesActive } from '../data/store/visibility.js';
import { insertGeneratedBusinesses } from '../data/sitemap/sitemap-fixtures.js';
import { decode, jsonLd } from './public-helpers.js';
import { usePublicApp } from './public-session.js';

/**
 * Many visitors' first views of a category in a country and of its country while a write changes
 * the data version: each answer is the page before the write or the page after it, never an error
 * and never a mix of the two (a count of one with a listing or links of the other), and once the
 * write is known every answer is the new page.
 */

// 'par land': 3 cities × 2 categories, 12 businesses: 6 of each category in the country (2 a city).
const served = usePublicApp({
  sample: false,
  seed: async (app) => {
    await insertGeneratedBusinesses(app.db, { businesses: 12, cities: 3, categories: 2, prefix: 'par' });
    await app.settle();
  },
});

const combo = countryCategoryPath('par-land', 'par-category-1');
const country = slugPath('country', 'par-land');
/** Requests of each page fired at each of three moments: before the write, while it runs, just after it commits. */
const PARALLEL = 12;

const number = (text: string | undefined) => (text === undefined ? undefined : Number(text.replace(/,/g, '')));

/** What a category in a country shows of its count: its header, its description, its listing and its ItemList. */
function comboFigures(body: string) {
  return {
    header: number(/data-business-count="">(\d[\d,]*) business/.exec(body)?.[1]),
    described: number(/<meta name="description" content="[^"]*?: (\d[\d,]*) business/.exec(body)?.[1]),
    listed: [...body.matchAll(/data-business-item=""/g)].length,
    itemList: jsonLd(body).ItemList?.itemListElement.length,
  };
}

/** What its country shows of the same: the country's businesses and its link to the category in it, with its count. */
function countryFigures(body: string) {
  const text = decode(body.replace(/<!-- -->/g, ''))!;
  return {
    businesses: number(/(\d[\d,]*) businesses in \d+ cities/.exec(text)?.[1]),
    link: number(new RegExp(`href="${combo}"[^>]*>[^<]*<span[^>]*>\\((\\d[\\d,]*)\\)`).exec(text)?.[1]),
  };
}

const page = (n: number) => ({ header: n, described: n, listed: n, itemList: n });

describe('first views during a write', () => {
  it('are each the page before or after it, none an error, none a mix, and then the page after', async () => {
    const { app } = served;
    const hidden = (await app.db('businesses as b').join('categories as k', 'k.id', 'b.category_id').where('k.slug', 'par-category-1').orderBy('b.id').first('b.id')) as { id: number };
    let n = 0;
    const get = async (path: string) => {
      const res = await fetch(`${app.url}${path}?n=${++n}`);
      return { path, status: res.status, body: await res.text() };
    };
    // Hidden, shown again, hidden: each write one version.
    for (const [active, before, after] of [
      [false, 6, 5],
      [true, 5, 6],
      [false, 6, 5],
    ] as const) {
      const asked: Array<ReturnType<typeof get>> = [];
      const fire = () => {
        for (let i = 0; i < PARALLEL; i++) asked.push(get(combo), get(country));
      };
      fire();
      const write = setBusinessesActive(app.db, [hidden.id], active);
      fire();
      await write;
      fire();
      const answers = await Promise.all(asked);
      for (const { path, status, body } of answers) {
        expect(status, path).toBe(200);
        if (path === combo) expect([page(before), page(after)], JSON.stringify(comboFigures(body))).toContainEqual(comboFigures(body));
        else
          expect([
            { businesses: 6 + before, link: before },
            { businesses: 6 + after, link: after },
          ]).toContainEqual(countryFigures(body));
      }
      // Once the server has heard of the write (its notification, else its poll), the new page only.
      const deadline = Date.now() + 10_000;
      let latest = { combo: comboFigures((await get(combo)).body), country: countryFigures((await get(country)).body) };
      while (latest.combo.header !== after && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        latest = { combo: comboFigures((await get(combo)).body), country: countryFigures((await get(country)).body) };
      }
      expect(latest).toEqual({ combo: page(after), country: { businesses: 6 + after, link: after } });
    }
  });
});
