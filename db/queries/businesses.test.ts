import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { loadSample } from '../../data/samples/sample.js';
import { setBusinessesActive } from '../../data/store/visibility.js';
import { listBusinessesIn } from '../../data/reads/search.js';
import { getStats } from './stats.js';
import { getBusinessBySlug, getBusinessViewBySlug, LATER_KEYS } from './businesses.js';
import { listNamesakes, type Namesake } from './namesakes.js';
import { readDataVersion } from '../data-version.js';

const t = useTestDb();
beforeAll(async () => {
  await loadSample(t.db);
});

const activeIn = async (column: 'city_id' | 'category_id', id: number) =>
  Number((await t.db('businesses').where({ [column]: id, is_active: true }).count({ n: '*' }).first())?.n);

describe('listBusinessesIn totals, from the kept counts', () => {
  it('equal count(*) of the active businesses, and leave out a deactivated one', async () => {
    const city = await t.db('cities').orderBy('business_count', 'desc').first('id');
    const category = await t.db('categories').orderBy('business_count', 'desc').first('id');
    const before = await listBusinessesIn(t.db, { cityId: city.id }, { page: 1, limit: 5 });
    expect(before.pagination.total).toBe(await activeIn('city_id', city.id));

    const hidden = before.items[0];
    await setBusinessesActive(t.db, [hidden.id], false);
    try {
      const after = await listBusinessesIn(t.db, { cityId: city.id }, { page: 1, limit: 5 });
      expect(after.pagination.total).toBe(before.pagination.total - 1);
      expect(after.pagination.total).toBe(await activeIn('city_id', city.id));
      expect(after.items.map((b) => b.id)).not.toContain(hidden.id);
      const byCategory = await listBusinessesIn(t.db, { categoryId: category.id });
      expect(byCategory.pagination.total).toBe(await activeIn('category_id', category.id));
    } finally {
      await setBusinessesActive(t.db, [hidden.id], true);
    }
  });

  it('pages in rating, review count, id order', async () => {
    const city = await t.db('cities').orderBy('business_count', 'desc').first('id');
    const all = await t.db('businesses').where({ city_id: city.id, is_active: true })
      .orderBy([{ column: 'rating', order: 'desc' }, { column: 'review_count', order: 'desc' }, { column: 'id', order: 'asc' }]).pluck('id');
    const page2 = await listBusinessesIn(t.db, { cityId: city.id }, { page: 2, limit: 3 });
    expect(page2.items.map((b) => b.id)).toEqual(all.slice(3, 6).map(Number));
  });
});

describe('getStats', () => {
  it('counts every business, those without a country too', async () => {
    await t.db('businesses').where('id', t.db('businesses').min('id')).update({ country: null });
    const { n } = (await t.db('businesses').count({ n: '*' }).first()) as { n: number };
    // The import recounts after each import; clearing a country by hand is such a drift, fixed here.
    await t.db.raw(`UPDATE countries c SET business_count = (SELECT count(*) FROM businesses b WHERE b.country = c.name)`);
    expect((await getStats(t.db)).totalBusinesses).toBe(Number(n));
  });
});

describe('getBusinessViewBySlug', () => {
  const sorted = (list: Namesake[]) => [...list].sort((a, b) => a.address.localeCompare(b.address));
  const viewInOneStatement = async (slug: string) => {
    let statements = 0;
    const count = () => statements++;
    t.db.on('query', count);
    try {
      return { view: await getBusinessViewBySlug(t.db, slug), statements };
    } finally {
      t.db.off('query', count);
    }
  };

  it('reads the business and the namesakes listNamesakes finds, in one statement', async () => {
    const twin = await t.db('businesses').where('is_active', true).whereNotNull('city_id').groupBy('name', 'city_id').havingRaw('count(*) > 1').first('name', 'city_id');
    const slugs = await t.db('businesses').where({ name: twin.name, city_id: twin.city_id }).pluck('slug');
    const lonely = await t.db('businesses').where('is_active', true).whereNotIn('name', [twin.name]).first('slug');
    for (const slug of [...slugs, lonely.slug] as string[]) {
      const { view, statements } = await viewInOneStatement(slug);
      expect(statements).toBe(1);
      // The data version it saw, read in the same statement.
      expect(view?.version).toBe((await readDataVersion(t.db))?.version);
      expect(view?.business).toEqual(await getBusinessBySlug(t.db, slug));
      const b = view!.business;
      expect(sorted(view!.namesakes)).toEqual(sorted(await listNamesakes(t.db, { id: b.id, name: b.name, cityId: b.cityId })));
    }
    expect((await getBusinessViewBySlug(t.db, slugs[0]))!.namesakes.length).toBe(slugs.length - 1);
  });

  it('maps every key of a business, none left unset but those a read sets later, in one order for all', async () => {
    const slugs = await t.db('businesses').where('is_active', true).orderBy('id').limit(40).pluck('slug');
    const later: readonly string[] = LATER_KEYS;
    const keys = new Set<string>();
    for (const slug of slugs as string[]) {
      const b = (await getBusinessViewBySlug(t.db, slug))!.business as unknown as Record<string, unknown>;
      expect(Object.entries(b).filter(([k, v]) => v === undefined && !later.includes(k))).toEqual([]);
      keys.add(Object.keys(b).join());
    }
    expect(keys.size).toBe(1);
  });

  it('holds the keys a read sets later from the start, so setting them keeps its keys, and leaves them out of its JSON while unset', async () => {
    const [slug] = await t.db('businesses').where('is_active', true).orderBy('id').limit(1).pluck('slug');
    const b = (await getBusinessViewBySlug(t.db, slug))!.business;
    const before = Object.keys(b).join();
    expect(JSON.stringify(b)).not.toMatch(/"distance"|"titlePlace"/);
    // A list near a point sets a distance, a business page its title's place: the object's keys
    // stay as they were (a key added cost the server twice the copy and filled V8's old generation).
    b.distance = 850;
    b.titlePlace = 'Moda';
    expect(Object.keys(b).join()).toBe(before);
    expect(JSON.parse(JSON.stringify(b))).toMatchObject({ distance: 850, titlePlace: 'Moda' });
  });

  it('finds namesakes without a city among those without one, leaves hidden ones out, and no moved or unknown slug', async () => {
    const [a, b, c] = await t.db('businesses').where('is_active', true).whereNotNull('city_id').orderBy('id').limit(3).select('id', 'slug', 'name', 'city_id');
    await t.db('businesses').whereIn('id', [a.id, b.id, c.id]).update({ name: 'Twin Without City', city_id: null });
    try {
      expect((await getBusinessViewBySlug(t.db, a.slug))!.namesakes).toHaveLength(2);
      await setBusinessesActive(t.db, [c.id], false);
      expect((await getBusinessViewBySlug(t.db, a.slug))!.namesakes).toHaveLength(1);
      expect(await getBusinessViewBySlug(t.db, c.slug)).toBeNull();
      expect(await getBusinessViewBySlug(t.db, 'no-such-business')).toBeNull();
    } finally {
      await setBusinessesActive(t.db, [c.id], true);
      for (const r of [a, b, c]) await t.db('businesses').where('id', r.id).update({ name: r.name, city_id: r.city_id });
    }
  });
});
