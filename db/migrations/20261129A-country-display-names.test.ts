import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTempDir } from '../../scripts/test-hooks.fixtures.js';
import { startTestApp, type TestApp } from '../../server/test-app.js';
import { importFile } from '../../data/import/import.js';
import { countDrift } from '../../data/store/load.fixtures.js';
import { undoImport } from '../../data/store/undo-import.js';
import { countryName } from '../../data/places/countries.js';
import { down, up } from './20261129A-country-display-names.js';

const HEADER = 'name,category,full_address,rating,place_id';
const SHANGHAI = 'Bund Noodles,Restaurant,"1 Zhongshan East 1st Rd, Shanghai, China",4.5,P1';
const SEREKUNDA = 'Kairaba Tailor,Tailor,"Kairaba Avenue, Serekunda, Gambia",4.1,P2';
const TYPED = 'Banjul Books,Bookshop,"Kairaba Avenue 9, Serekunda",4.0,P3';

describe("migration 20261129A: countries take the names a visitor knows", () => {
  let app: TestApp;
  const dir = useTempDir('rehber-countries-');
  let second: number;
  const run = async (name: string, lines: string[]) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, lines.join('\n') + '\n');
    return importFile(app.db, file, { source: 'cli', mode: 'upsert', bulk: false });
  };
  const page = (p: string) => fetch(app.url + p, { redirect: 'manual' });
  const search = async (q: string) =>
    ((await (await fetch(`${app.url}/api/search?q=${encodeURIComponent(q)}`)).json()) as { items: { name: string }[] }).items.map((b) => b.name);

  beforeAll(async () => {
    app = await startTestApp();
    await run('a.csv', [HEADER, SHANGHAI, SEREKUNDA, TYPED]);
    // An import that changed the Shanghai row: its version holds the country, for undo.
    second = (await run('b.csv', [HEADER, SHANGHAI.replace('4.5', '3.9')])).importId;
    expect(await app.db('businesses').orderBy('place_id').pluck('country')).toEqual(['China', 'Gambia', 'Gambia']);
    // The directory as the names before this migration left it: every place the name is stored.
    // The third business's country was typed in a file as free text before names were read as
    // countries: its own row, 'gambia', which the renamed Gambia joins.
    await app.db.raw(`UPDATE businesses SET country = CASE country WHEN 'China' THEN 'People''s Republic of China' ELSE 'Republic of The Gambia' END WHERE country IS NOT NULL`);
    await app.db('businesses').where({ place_id: 'P3' }).update({ country: 'gambia' });
    await app.db.raw(`UPDATE cities SET country = CASE country WHEN 'China' THEN 'People''s Republic of China' ELSE 'Republic of The Gambia' END`);
    await app.db.raw(`UPDATE business_versions SET before = jsonb_set(before, '{country}', '"People''s Republic of China"'), after = jsonb_set(after, '{country}', '"People''s Republic of China"')`);
    await app.db('countries').where({ name: 'China' }).update({ name: "People's Republic of China", slug: 'people-s-republic-of-china' });
    await app.db('countries').where({ name: 'Gambia' }).update({ name: 'Republic of The Gambia', slug: 'republic-of-the-gambia', business_count: 1 });
    await app.db('countries').insert({ name: 'gambia', slug: 'gambia', business_count: 1 });
    expect(await search('republic')).toEqual(expect.arrayContaining(['Bund Noodles', 'Kairaba Tailor']));
    expect(await countDrift(app.db)).toBe(0);
    await up(app.db);
  });
  afterAll(async () => {
    await app.close();
  });

  it('renames the country, its cities and businesses to countryName', async () => {
    expect(countryName('CN')).toBe('China');
    expect(await app.db('countries').orderBy('name').select('name', 'slug', 'business_count')).toEqual([
      { name: 'China', slug: 'china', business_count: 1 },
      { name: 'Gambia', slug: 'gambia', business_count: 2 },
    ]);
    expect(await app.db('cities').orderBy('name').select('name', 'country')).toEqual([
      { name: 'Serekunda', country: 'Gambia' },
      { name: 'Shanghai', country: 'China' },
    ]);
    expect(await app.db('businesses').orderBy('place_id').pluck('country')).toEqual(['China', 'Gambia', 'Gambia']);
    expect(await countDrift(app.db)).toBe(0);
  });

  it("writes the businesses' search documents again: the old name's words find nothing", async () => {
    expect(await search('republic')).toEqual([]);
    expect(await search('noodles china')).toEqual(['Bund Noodles']);
  });

  it("serves the country's page under its new slug and sends the old ones there", async () => {
    const china = await page('/country/china');
    expect(china.status).toBe(200);
    expect(await china.text()).toContain('Shanghai');
    for (const [old, now] of [['people-s-republic-of-china', '/country/china'], ['republic-of-the-gambia', '/country/gambia']]) {
      const res = await page(`/country/${old}`);
      expect([res.status, res.headers.get('location')]).toEqual([301, now]);
    }
    expect((await page('/country/no-such-country')).status).toBe(404);
  });

  it("undoes an import made before it with the country's new name", async () => {
    expect(await undoImport(app.db, second, 'admin')).toMatchObject({ restored: 1, keptChanged: 0 });
    expect(await app.db('businesses').where({ place_id: 'P1' }).first('country', 'rating')).toEqual({ country: 'China', rating: 4.5 });
    expect(await countDrift(app.db)).toBe(0);
  });

  it('goes back down to the former names and slugs', async () => {
    await down(app.db);
    expect(await app.db('countries').where({ name: "People's Republic of China" }).first('slug')).toEqual({ slug: 'people-s-republic-of-china' });
    expect(await app.db('businesses').where({ place_id: 'P1' }).first('country')).toEqual({ country: "People's Republic of China" });
    expect((await page('/country/people-s-republic-of-china')).status).toBe(200);
    expect(await countDrift(app.db)).toBe(0);
  });
});
