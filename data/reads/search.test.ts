import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../db/test-db.js';
import { SEARCH_CANDIDATES, type ListFilters, type ListPage } from '../../domain/search.js';
import { setBusinessesActive } from '../store/visibility.js';
import { listBusinessesIn, searchBusinesses } from './search.js';
import { suggest } from './suggest.js';
import { suggestionStatement } from '../../db/queries/suggest.js';
import { seedSearch } from './search.fixtures.js';
import { memoKey, newMemos } from './search-memo.js';
import { plansOf, withCountryShops } from '../../db/queries/bitmap-scans.fixtures.js';
import { MAX_CITIES_PER_WORD } from '../../db/queries/word-lookups.js';
import { tsqueries } from './tsqueries.js';

let t: TestDb;

beforeAll(async () => {
  t = await createTestDb();
  await seedSearch(t.db);
});
afterAll(() => t.drop());

const names = (p: ListPage) => p.items.map((b) => b.name);
const search = (q: string, location = '', filters: ListFilters = {}) => searchBusinesses(t.db, { q, location, filters });

describe('relevance on a fixed directory', () => {
  it('puts a name match before a category, a place and a description, whatever their ratings', async () => {
    const r = await search('garden');
    expect(names(r)).toEqual(['Garden Bistro', 'Greenleaf', 'Main Street Tailor', 'Blue Door']);
    expect(r.pagination.total).toBe(4);
    expect(r.totalApprox).toBeUndefined();
  });

  it('folds accents and Turkish letters both ways', async () => {
    expect(names(await search('cafe zoe'))).toEqual(['Café Zoë']);
    expect(names(await search('CAFÉ'))).toEqual(['Café Zoë']);
    expect(names(await search('cicek'))).toEqual(['Çiçek Evi']);
    expect(names(await search('ÇİÇEK'))).toEqual(['Çiçek Evi']);
    expect(names(await search('sisli'))).toEqual(['Şişli Pastanesi']);
    for (const place of ['İstanbul', 'istanbul', 'ISTANBUL', 'Constantinople']) {
      expect(names(await search('', place)).sort(), place).toEqual(['Moda Fırını', 'Çiçek Evi', 'Şişli Pastanesi'].sort());
    }
  });

  it('offers the spelling the directory knows for a typo, with its results', async () => {
    const plumbr = await search('plumbr');
    expect(plumbr.didYouMean).toBe('plumber');
    expect(names(plumbr)).toEqual(['Austin Plumber Pros']);
    const hair = await search('hairdreser');
    expect(hair.didYouMean).toBe('hairdresser');
    expect(names(hair)).toEqual(['Clean Cuts']);
    expect((await search('plumber')).didYouMean).toBeUndefined();
    expect((await search('qqqzzzxx')).pagination.total).toBe(0);
  });

  it('respells a typo to the commonest word one edit away, not to a rarer word sharing its start, a swap too', async () => {
    const b = await createTestDb();
    try {
      await b.db.raw(`INSERT INTO businesses (name, slug, address, identity_key)
                      SELECT n || ' ' || i, lower(replace(n, ' ', '-')) || '-' || i, i || ' Long Road', 'n:' || n || i
                        FROM (VALUES ('Harbor Club'), ('North Store')) v(n), generate_series(1, 80) i
                      UNION ALL SELECT n, lower(replace(n, ' ', '-')), '1 Short Road', 'n:' || n FROM (VALUES ('Cul Bistro'), ('Soto Cafe'), ('Curb Garage')) v(n)`);
      await b.db.raw('ANALYZE businesses');
      const respelt = async (q: string) => (await searchBusinesses(b.db, { q })).didYouMean;
      // 'cul' and 'soto' share more trigrams with the typos than 'club' and 'store' do.
      expect([await respelt('culb'), await respelt('sotre'), await respelt('notrh')]).toEqual(['club', 'store', 'north']);
      // No word one edit away: the nearest by trigrams.
      expect(await respelt('harborrr')).toBe('harbor');
    } finally {
      await b.drop();
    }
  });

  it('respells a mistyped place too, to the nearest name of a place the directory holds, and says so', async () => {
    const both = await search('resturant', 'Austn');
    expect([names(both).sort(), both.didYouMean, both.understood]).toEqual([['Blue Door', 'Garden Bistro'], 'restaurant', { q: 'restaurant', location: 'Austin' }]);
    const place = await search('locksmith', 'Montral');
    expect([names(place), place.didYouMean, place.understood]).toEqual([['Serrurier Rapide'], 'locksmith', { q: 'locksmith', location: 'Montréal' }]);
    const alone = await search('', 'Istanbl');
    expect([names(alone).sort(), alone.didYouMean, alone.understood]).toEqual([['Moda Fırını', 'Çiçek Evi', 'Şişli Pastanesi'].sort(), undefined, { q: '', location: 'İstanbul' }]);
    // A district too, and a country named after the place keeps its own name.
    expect(names(await search('bakery', 'Kadikoyy'))).toEqual(['Moda Fırını']);
    expect((await search('bakery', 'Istanbl Turkey')).understood).toEqual({ q: 'bakery', location: 'İstanbul, Türkiye' });
    const box = await search('resturant in austn');
    expect([names(box).sort(), box.understood]).toEqual([['Blue Door', 'Garden Bistro'], { q: 'restaurant', location: 'Austin' }]);
    // A place spelt as the directory has it is not respelt.
    expect((await search('locksmith', 'Austin')).understood).toBeUndefined();
  });

  it("reads a location's words with the query's in one round trip, and a place spelt right costs no respelling", async () => {
    const scope = { ...newMemos(), version: '1' };
    const sent: string[] = [];
    const heard = (q: { sql: string }) => void sent.push(q.sql);
    t.db.on('query', heard);
    try {
      expect(names(await searchBusinesses(t.db, { q: 'bakery', location: 'Istanbul' }, scope)).sort()).toEqual(['Moda Fırını', 'Şişli Pastanesi']);
    } finally {
      t.db.removeListener('query', heard);
    }
    // What PostgreSQL makes of words and places (db/queries/word-lookups.ts) is one statement per batch.
    const lookups = sent.filter((sql) => sql.includes('WITH ORDINALITY u(q, i)'));
    expect(lookups).toHaveLength(1);
  });

  it('leaves out the words no listing holds when the query with them finds nothing', async () => {
    const best = await search('best locksmith montreal');
    expect([names(best), best.understood, best.ignored]).toEqual([['Serrurier Rapide'], { q: 'locksmith', location: 'Montréal' }, ['best']]);
    const cheap = await search('cheap locksmith', 'Austin');
    expect([names(cheap), cheap.understood, cheap.ignored]).toEqual([['Keys Now'], { q: 'locksmith', location: 'Austin' }, ['cheap']]);
    // A lone word no listing holds, with a location: the location's businesses.
    const alone = await search('best', 'Austin');
    expect([alone.pagination.total, alone.understood, alone.ignored]).toEqual([6, { q: '', location: 'Austin' }, ['best']]);
    // Words every one of which some listing holds are not dropped, nor is a lone word.
    for (const q of ['garden locksmith', 'qqqzzzxx wwwyyyvv', 'cheapest']) {
      const none = await search(q);
      expect([none.pagination.total, none.ignored], q).toEqual([0, undefined]);
    }
    // Found as typed: nothing is dropped.
    expect((await search('locksmith montreal')).ignored).toBeUndefined();
  });

  it('reads a place at the end or the start of one box', async () => {
    const r = await search('locksmith montreal');
    expect(r.understood).toEqual({ q: 'locksmith', location: 'Montréal' });
    expect(names(r)).toEqual(['Serrurier Rapide']);
    const first = await search('Austin locksmith');
    expect(first.understood).toEqual({ q: 'locksmith', location: 'Austin' });
    expect(names(first)).toEqual(['Keys Now']);
    // With a location given, the words are only words.
    expect((await search('locksmith montreal', 'Austin')).pagination.total).toBe(0);
    expect((await search('garden')).understood).toBeUndefined();
    // A number in a name is not a postal code when the name holds every word.
    const named = await search('oak shop 80202');
    expect(named.understood).toBeUndefined();
    expect(names(named)).toEqual(['Oak Shop 80202', 'Oak Shop Two']);
    expect(names(await search('bakery 34710'))).toEqual(['Moda Fırını']);
    expect((await search('Pastanesi 34360')).understood).toEqual({ q: 'Pastanesi', location: '34360' });
  });

  it('reads a place of several words, after a connector, and without a near-me ending', async () => {
    for (const q of ['pizzeria new york', 'new york pizzeria', 'pizzeria in new york city', 'pizzeria near nyc']) {
      const r = await search(q);
      expect(names(r), q).toEqual(["Joe's"]);
      expect(r.understood?.location, q).toBe('New York City');
    }
    // A place of one word that is a city's name is that city, not every city with the word in its name.
    const york = await search('pizzeria york');
    expect([names(york), york.understood]).toEqual([['Minster Slice'], { q: 'pizzeria', location: 'York' }]);
    expect(names(await search('pizzeria', 'York'))).toEqual(['Minster Slice']);
    expect(names(await search('pizzeria york city'))).toEqual(["Joe's"]);
    // Unless the other city's state or country holds the word: Mexico is Mexico's cities too.
    expect(names(await search('taqueria', 'Mexico'))).toEqual(['Taquería Sol', 'Kusina Pampanga']);
    expect((await search('tailor garden city')).understood).toEqual({ q: 'tailor', location: 'Garden City' });
    // A place's words name the city that has it as a name, not one that has them in a longer one.
    for (const [q, location] of [['bakery sao paulo', ''], ['bakery', 'Sao Paulo'], ['bakery in são paulo', '']]) {
      expect(names(await search(q, location)), q).toEqual(['Padaria Real']);
    }
    expect(names(await search('bakery loanda'))).toEqual(['Pastelaria Ilha']);
    // Respelt, the words are read the same way.
    const plural = await search('pizzerias in york');
    expect([plural.understood, plural.didYouMean]).toEqual([{ q: 'pizzeria', location: 'York' }, 'pizzeria in york']);
    expect(names(plural)).toContain('Minster Slice');
    // A connector in a name: no place reading finds it, the words as they are do.
    expect(names(await search('inn at the park'))).toEqual(['Inn at the Park']);
    const near = await search('locksmith near me');
    expect([names(near).sort(), near.understood]).toEqual([['Keys Now', 'Serrurier Rapide'], undefined]);
    expect(names(await search('pizzeria nearby')).sort()).toEqual(["Joe's", 'Minster Slice']);
  });

  it('reads the candidates through the indexes, never by a sequential scan, a place in the place index', () =>
    // Under the candidates' LIMIT the planner would scan the table for a fifth of it, which at a
    // million was fast or hundreds of times slower depending on where the matches lay.
    withCountryShops(async (db) => {
      const plan = async (location: string, q = '') => {
        let found = -1;
        const plans = await plansOf(db, async () => (found = (await searchBusinesses(db, { q, location })).pagination.total));
        return { found, plan: plans[0], plans };
      };
      // A broad place: its first candidates through the place index, then its best by quality
      // band in the documents' index, none of them a scan of the table.
      const china = await plan('china');
      expect(china.found).toBeGreaterThan(SEARCH_CANDIDATES);
      expect(china.plan).toContain('businesses_place_idx');
      expect(china.plans.join('\n')).toContain('rehber_quality_band(quality) = g.band');
      expect(china.plans.join('\n')).not.toMatch(/Seq Scan/);
      // Every document holds 'shop', none as its place: the place index alone answers, no
      // document is read to find its weights (the documents' index keeps none).
      const shop = await plan('shop');
      expect(shop.found).toBe(0);
      expect(shop.plan).toContain('businesses_place_idx');
      expect(shop.plan).not.toMatch(/Rows Removed by Index Recheck|Seq Scan/);
      const words = await plan('china', 'shop 5');
      expect(words.found).toBe(1);
      expect(words.plan).toMatch(/businesses_(search|place)_idx/);
      expect(words.plan).not.toMatch(/Seq Scan/);
    }));

  it('finds a location by district, postal code, state and country', async () => {
    expect(names(await search('', 'Kadıköy')).sort()).toEqual(['Moda Fırını', 'Çiçek Evi']);
    expect(names(await search('', 'kadikoy')).sort()).toEqual(['Moda Fırını', 'Çiçek Evi']);
    expect(names(await search('', '34360'))).toEqual(['Şişli Pastanesi']);
    expect(names(await search('bakery', '34710'))).toEqual(['Moda Fırını']);
    expect(names(await search('', 'H2X 1Y4'))).toEqual(['Café Zoë']);
    expect((await search('', 'QC')).pagination.total).toBe(2);
    expect((await search('', 'Türkiye')).pagination.total).toBe(3);
  });

  it("reads a city's own name as that city, unless a bigger city has it as another name", async () => {
    // Lomé has 'Rome' among its names, yet Rome is the bigger city whose own name it is.
    expect(names(await search('', 'Rome')).sort()).toEqual(['Forno Campo', 'Osteria Tre']);
    expect(names(await search('trattoria rome'))).toEqual(['Osteria Tre']);
    expect(names(await search('', 'Lome'))).toEqual(['Maquis Lagune']);
    // Vienna, Virginia is smaller than the Vienna most mean: both are found.
    expect(names(await search('coffeehouse vienna')).sort()).toEqual(['Kaffeehaus Ring', 'Maple Coffeehouse']);
    expect(names(await search('', 'Roma')).sort()).toEqual(['Forno Campo', 'Osteria Tre']);
  });

  it('finds a country by any of its names, as a location and at the end of one box', async () => {
    const istanbul = ['Moda Fırını', 'Çiçek Evi', 'Şişli Pastanesi'].sort();
    for (const name of ['Turkey', 'türkei', 'TURQUIE']) expect(names(await search('', name)).sort(), name).toEqual(istanbul);
    expect(names(await search('', 'UK'))).toEqual(['Minster Slice']);
    expect((await search('', 'USA')).pagination.total).toBe((await search('', 'United States')).pagination.total);
    const box = await search('bakery in istanbul turkey');
    expect([names(box).sort(), box.understood]).toEqual([['Moda Fırını', 'Şişli Pastanesi'], { q: 'bakery', location: 'İstanbul, Türkiye' }]);
    expect((await search('florist turkey')).understood).toEqual({ q: 'florist', location: 'Türkiye' });
    // An ISO code is not read as a country: 'CA' is California as often as Canada, a word like any
    // other (which no business here has; Montréal is in Canada).
    expect((await search('', 'CA')).pagination.total).toBe(0);
  });

  it('filters and sorts a search, and its facet counts are the totals their filters give', async () => {
    const all = await search('', 'austin');
    expect(all.pagination.total).toBe(6);
    for (const c of all.facets!.categories) {
      expect((await search('', 'austin', { category: c.value })).pagination.total, c.value).toBe(c.count);
    }
    for (const r of all.facets!.ratings) expect((await search('', 'austin', { minRating: r.min })).pagination.total).toBe(r.count);
    expect((await search('', 'austin', { verified: true })).pagination.total).toBe(all.facets!.verified);
    expect((await search('', 'austin', { hasPhone: true })).pagination.total).toBe(all.facets!.hasPhone);
    expect(names(await search('', 'austin', { sort: 'name' }))).toEqual(['Austin Plumber Pros', 'Blue Door', 'Clean Cuts', 'Garden Bistro', 'Greenleaf', 'Keys Now']);
    expect(names(await search('', 'austin', { sort: 'reviews' }))[0]).toBe('Keys Now');
    const restaurants = await search('', 'austin', { category: 'restaurant' });
    // A facet counts with every filter but its own: choosing a category keeps the others' counts.
    expect(restaurants.facets!.categories.length).toBe(all.facets!.categories.length);
    expect((await search('', 'austin', { category: 'no-such' })).pagination.total).toBe(0);
  });

  it('says about how many a broad word finds, past SEARCH_CANDIDATES, and exactly how many a narrow one does', async () => {
    const b = await createTestDb();
    try {
      await b.db.raw(`INSERT INTO businesses (name, slug, address, identity_key)
                      SELECT 'Bulk Shop ' || i, 'bulk-' || i, i || ' Long Road', 'n:bulk' || i FROM generate_series(1, ${SEARCH_CANDIDATES + 50}) i`);
      await b.db.raw('ANALYZE businesses');
      const r = await searchBusinesses(b.db, { q: 'bulk' });
      expect(r.totalApprox).toBe(true);
      expect(r.pagination.total).toBeGreaterThan(SEARCH_CANDIDATES);
      const narrow = await searchBusinesses(b.db, { q: 'bulk shop 7' });
      expect(narrow.pagination.total).toBe(1);
      expect(narrow.totalApprox).toBeUndefined();
    } finally {
      await b.drop();
    }
  });

  it('reads the matches of a search once per data version, a set of a hundred or fewer too', async () => {
    const b = await createTestDb();
    try {
      await b.db.raw(`INSERT INTO businesses (name, slug, address, identity_key)
                      SELECT 'Mid Shop ' || i, 'mid-' || i, i || ' Short Road', 'n:mid' || i FROM generate_series(1, 150) i`);
      const scope = { ...newMemos(), version: '1' };
      let reads = 0;
      // The candidates' statement (read as columns).
      b.db.on('query', (q: { sql: string }) => void (q.sql.includes(' AS columns') && reads++));
      const first = await searchBusinesses(b.db, { q: 'mid shop' }, scope);
      const again = await searchBusinesses(b.db, { q: 'mid shop', page: 2, filters: { sort: 'name' } }, scope);
      expect(reads).toBe(1);
      expect([first.pagination.total, again.pagination.total]).toEqual([150, 150]);
      expect(names(again)[0]).toBe('Mid Shop 120');
      // A narrow set is kept too (in the small memo, beside the words and rows).
      await searchBusinesses(b.db, { q: 'mid shop 7' }, scope);
      await searchBusinesses(b.db, { q: 'mid shop 7' }, scope);
      expect(reads).toBe(2);
      expect(scope.small.peek('1', memoKey('candidates', `mid shop 7|( 'mid' ) & ( 'shop' ) & ( '7' )|null|{}`))).toBeDefined();
      // A write starts a new data version, whose first search reads again.
      await searchBusinesses(b.db, { q: 'mid shop' }, { ...scope, version: '2' });
      expect(reads).toBe(3);
    } finally {
      await b.drop();
    }
  });
});

describe('a city page with filters and facets', () => {
  it('counts from the kept facets, equal to the filtered totals, and follows hidden businesses', async () => {
    const city = await t.db('cities').where('name', 'İstanbul').first('id');
    const page = await listBusinessesIn(t.db, { cityId: city.id });
    expect(page.pagination.total).toBe(3);
    expect(names(page)).toEqual(['Çiçek Evi', 'Şişli Pastanesi', 'Moda Fırını']);
    expect(page.facets!.districts).toEqual([
      { value: 'Kadıköy', label: 'Kadıköy', count: 2 },
      { value: 'Şişli', label: 'Şişli', count: 1 },
    ]);
    for (const d of page.facets!.districts) {
      expect((await listBusinessesIn(t.db, { cityId: city.id }, {}, { district: d.value })).pagination.total).toBe(d.count);
    }
    for (const c of page.facets!.categories) {
      expect((await listBusinessesIn(t.db, { cityId: city.id }, {}, { category: c.value })).pagination.total).toBe(c.count);
    }
    expect(page.facets!.ratings).toEqual([{ min: 4.5, count: 1 }, { min: 4, count: 2 }, { min: 3.5, count: 3 }, { min: 3, count: 3 }]);
    const phones = await listBusinessesIn(t.db, { cityId: city.id }, { page: 1, limit: 1 }, { hasPhone: true, sort: 'name' });
    expect(phones.pagination).toEqual({ page: 1, limit: 1, total: page.facets!.hasPhone, totalPages: 2 });
    expect(names(phones)).toEqual(['Moda Fırını']);

    const [first] = page.items;
    await setBusinessesActive(t.db, [first.id], false);
    try {
      const after = await listBusinessesIn(t.db, { cityId: city.id });
      expect(after.pagination.total).toBe(2);
      expect(after.facets!.verified).toBe(page.facets!.verified - 1);
      expect(names(await search('cicek'))).toEqual([]);
    } finally {
      await setBusinessesActive(t.db, [first.id], true);
    }
  });

  it('keeps the search document when a category is renamed', async () => {
    await t.db('categories').where('name', 'Tailor').update({ name: 'Seamstress' });
    try {
      expect(names(await search('seamstress'))).toEqual(['Main Street Tailor']);
    } finally {
      await t.db('categories').where('name', 'Seamstress').update({ name: 'Tailor' });
    }
  });

  it('finds a city by an alternate name given later, without rewriting its businesses, and by its new own name', async () => {
    const documents = () => t.db('businesses').orderBy('id').pluck('search_vector');
    const before = await documents();
    const istanbul = ['Moda Fırını', 'Çiçek Evi', 'Şişli Pastanesi'].sort();
    await t.db.raw(`UPDATE cities SET alt_names = alt_names || 'bizantion|' WHERE name = 'İstanbul'`);
    try {
      expect(names(await search('', 'Bizantion')).sort()).toEqual(istanbul);
      expect(names(await search('bakery bizantion')).sort()).toEqual(['Moda Fırını', 'Şişli Pastanesi'].sort());
      // The vocabulary has it too: a typo of it is respelt.
      const typo = await search('bizantio');
      expect(typo.didYouMean).toBe('bizantion');
      expect(names(typo).sort()).toEqual(istanbul);
      expect(await documents()).toEqual(before);
      await t.db('cities').where('name', 'İstanbul').update({ name: 'Stambul' });
      expect(names(await search('', 'stambul')).sort()).toEqual(istanbul);
    } finally {
      await t.db.raw(`UPDATE cities SET name = 'İstanbul', alt_names = replace(alt_names, 'bizantion|', '') WHERE name = 'Stambul'`);
    }
    expect(await documents()).toEqual(before);
  });

  it('takes a word of many cities\' alternate names for no city, and finds a city by the rest of its name', async () => {
    const b = await createTestDb();
    try {
      // 'Ozu' is in the alternate names of one city too many; 'Kappa' in one city's only.
      const cities = MAX_CITIES_PER_WORD + 1;
      await b.db.raw(`INSERT INTO cities (name, country, slug, alt_names)
                      SELECT 'Town ' || i, 'Japan', 'town-' || i, '|town ' || i || '|ozu ' || CASE WHEN i = 1 THEN 'kappa' ELSE 'x' || i END || '|'
                        FROM generate_series(1, ${cities}) i`);
      const one = (await b.db('cities').where('name', 'Town 1').first('id')).id;
      await b.db.raw(`INSERT INTO businesses (name, slug, address, identity_key, city_id) VALUES ('Kiosk', 'kiosk', '1 Road', 'n:kiosk', ?)`, [one]);
      const [many, fewer, named] = await tsqueries(b.db, ["'ozu':C", "'kappa':C", "'ozu':C & 'kappa':C"]);
      expect(many).not.toContain('city:');
      expect(fewer).toContain(`'city:${one}':C`);
      expect(named).toContain(`'city:${one}':C`);
      expect(names(await searchBusinesses(b.db, { q: 'kiosk', location: 'Ozu Kappa' }))).toEqual(['Kiosk']);
      await b.db('cities').where('name', `Town ${cities}`).del();
      expect((await tsqueries(b.db, ["'ozu':C"]))[0]?.match(/city:/g)).toHaveLength(MAX_CITIES_PER_WORD);
    } finally {
      await b.drop();
    }
  });

  it('ranks a word of an alternate name as a place, like a word of the own name', async () => {
    // 'Constantinople' names no business: its city's businesses match as a place (weight C).
    expect(names(await search('constantinople'))).toEqual(names(await search('istanbul')));
    const r = await search('constantinople bakery');
    expect(r.understood).toEqual({ q: 'bakery', location: 'İstanbul' });
    expect(names(r)).toEqual(['Şişli Pastanesi', 'Moda Fırını']);
  });
});

describe('suggest', () => {
  it('suggests businesses, categories, cities and countries from the first letters, accents aside', async () => {
    const garden = await suggest(t.db, 'gard');
    expect(garden.items).toEqual(expect.arrayContaining([
      { kind: 'business', label: 'Garden Bistro', detail: 'Austin', path: expect.stringMatching(/^\/details\/garden-bistro/) },
      { kind: 'category', label: 'Garden Center', path: '/category/garden-center' },
      { kind: 'city', label: 'Garden City', detail: 'NY, United States', path: '/city/garden-city' },
    ]));
    const ist = await suggest(t.db, 'ist');
    expect(ist.items).toEqual([{ kind: 'city', label: 'İstanbul', detail: 'Türkiye', path: '/city/istanbul' }]);
    expect((await suggest(t.db, 'tür')).items).toEqual([{ kind: 'country', label: 'Türkiye', path: '/country/turkiye' }]);
    expect((await suggest(t.db, 'cicek e')).items.map((i) => i.label)).toEqual(['Çiçek Evi']);
    expect((await suggest(t.db, 'g')).items).toEqual([]);
    // Categories by their folded names, kept as they are written (a rename too).
    expect((await suggest(t.db, 'CAFE')).items).toContainEqual({ kind: 'category', label: 'Café', path: '/category/cafe' });
    await t.db('categories').where({ name: 'Coffeehouse' }).update({ name: 'Kahve Evi' });
    try {
      // The category, and its best rated businesses before it.
      expect((await suggest(t.db, 'kahve')).items.map((i) => [i.kind, i.label])).toEqual([
        ['business', 'Kaffeehaus Ring'],
        ['business', 'Maple Coffeehouse'],
        ['category', 'Kahve Evi'],
      ]);
      expect((await suggest(t.db, 'evi')).items.map((i) => [i.kind, i.label])).toContainEqual(['category', 'Kahve Evi']);
    } finally {
      await t.db('categories').where({ name: 'Kahve Evi' }).update({ name: 'Coffeehouse' });
    }
  });

  it('suggests a business by a word inside its name, folded, and the businesses of a category named', async () => {
    const labels = async (q: string) => (await suggest(t.db, q)).items.filter((i) => i.kind === 'business').map((i) => i.label);
    expect(await labels('pastan')).toEqual(['Şişli Pastanesi']);
    expect(await labels('SLICE')).toEqual(['Minster Slice']);
    expect(await labels('firin')).toEqual(['Moda Fırını']);
    expect(await labels('zoe')).toEqual(['Café Zoë']);
    // A name holding every word, the last one begun.
    expect(await labels('shop 8020')).toEqual(['Oak Shop 80202']);
    // 'bakery' names a category: its businesses, best reviewed first, beside the category.
    const bakery = await suggest(t.db, 'bakery');
    expect(bakery.items.map((i) => [i.kind, i.label])).toEqual([
      ['business', 'Şişli Pastanesi'],
      ['business', 'Moda Fırını'],
      ['business', 'Padaria Real'],
      ['business', 'Pastelaria Ilha'],
      ['category', 'Bakery'],
    ]);
    // A typo, when the text finds nothing, is respelt as the search respells it.
    expect((await suggest(t.db, 'bakrey')).items.map((i) => [i.kind, i.label])).toContainEqual(['category', 'Bakery']);
    expect(await labels('pastanesy')).toEqual(['Şişli Pastanesi']);
    expect((await suggest(t.db, 'qqqzzzxx')).items).toEqual([]);
    // A hidden business is not suggested.
    const moda = await t.db('businesses').where({ name: 'Moda Fırını' }).first('id');
    await setBusinessesActive(t.db, [moda.id], false);
    try {
      expect(await labels('firin')).toEqual([]);
    } finally {
      await setBusinessesActive(t.db, [moda.id], true);
    }
  });

  it('reads the names through their indexes, never by a sequential scan of the businesses', () =>
    withCountryShops(async (db) => {
      const { sql, bindings } = suggestionStatement(['shop']);
      // The statement as the server prepares it: one plan for any words.
      const native = db.raw(sql, bindings).toSQL().toNative();
      await db.transaction(async (trx) => {
        await trx.raw(`PREPARE suggest_plan AS ${native.sql}`);
        await trx.raw('SET LOCAL plan_cache_mode = force_generic_plan');
        const args = native.bindings.map((b) => (b === null ? 'NULL' : trx.raw('?', [b as string]).toQuery())).join(', ');
        const plan = (await trx.raw(`EXPLAIN EXECUTE suggest_plan(${args})`)).rows.map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN']).join('\n');
        expect(plan).not.toMatch(/Seq Scan on businesses/);
        expect(plan).toContain('businesses_name_prefix_idx');
        // The city of each name shown only: not a hash of every city for the few dozen names read.
        expect(plan).not.toMatch(/Seq Scan on cities ci\b/);
        await trx.raw('DEALLOCATE suggest_plan');
        // The name words' read, under its function's own settings.
        const { rows } = await trx.raw(`SELECT prosrc, proconfig FROM pg_proc WHERE proname = 'rehber_name_word_matches'`);
        for (const setting of rows[0].proconfig as string[]) await trx.raw(`SET LOCAL ${setting.replace('=', ' = ')}`);
        await trx.raw(`PREPARE words_plan(tsquery, integer) AS ${rows[0].prosrc}`);
        const words = (await trx.raw(`EXPLAIN EXECUTE words_plan('shop:*', 50)`)).rows.map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN']).join('\n');
        expect(words).toContain('businesses_name_words_idx');
        expect(words).not.toMatch(/Seq Scan/);
        await trx.raw('DEALLOCATE words_plan');
      });
      expect((await suggest(db, '5999')).items.map((i) => i.label)).toContain('Shop 5999');
    }));
});
