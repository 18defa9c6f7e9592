import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { readWorkingHours } from '../../domain/hours-text.js';
import { loadSample, SAMPLE_FILE } from './sample.js';
import { generateSample, sampleCsv } from './generate.js';

describe('the bundled sample directory', () => {
  const t = useTestDb();
  let imported: number;
  beforeAll(async () => {
    ({ imported } = await loadSample(t.db));
  });

  it('is the committed output of the seeded generator', () => {
    const committed = fs.readFileSync(SAMPLE_FILE, 'utf8');
    expect(committed).toBe(sampleCsv(generateSample()));
  });

  it('loads about 2,000 businesses across 15+ countries, 80+ cities and 20+ categories', async () => {
    expect(imported).toBe(2000);
    const count = async (sql: string) => Number((await t.db.raw(sql)).rows[0].n);
    expect(await count('SELECT count(*) AS n FROM businesses')).toBe(2000);
    expect(await count('SELECT count(*) AS n FROM countries')).toBeGreaterThanOrEqual(15);
    expect(await count('SELECT count(*) AS n FROM cities')).toBeGreaterThanOrEqual(80);
    expect(await count('SELECT count(*) AS n FROM categories')).toBeGreaterThanOrEqual(20);
    expect(await count(`SELECT count(*) AS n FROM countries WHERE name IN ('Türkiye', 'United States')`)).toBe(2);
    expect(await count('SELECT count(*) AS n FROM businesses WHERE place_id IS NULL')).toBeGreaterThan(0);
    expect(await count(`SELECT count(*) AS n FROM businesses WHERE photo IS NOT NULL`)).toBe(0);
  });

  it("keeps every city's, category's and country's business count right", async () => {
    const { rows } = await t.db.raw(`
      SELECT (SELECT count(*) FROM cities c WHERE business_count <> (SELECT count(*) FROM businesses b WHERE b.city_id = c.id))
           + (SELECT count(*) FROM categories c WHERE business_count <> (SELECT count(*) FROM businesses b WHERE b.category_id = c.id))
           + (SELECT count(*) FROM countries c WHERE business_count <> (SELECT count(*) FROM businesses b WHERE b.country = c.name)) AS wrong`);
    expect(Number(rows[0].wrong)).toBe(0);
  });

  it('folds Turkish and accented names into slugs with the place-id prefix', async () => {
    const sisli = await t.db('businesses').where({ name: 'Şişli Çiçekçi' }).first('slug', 'place_id', 'identity_key');
    expect(sisli.slug).toBe(`sisli-cicekci-${sisli.place_id.slice(0, 7).toLowerCase()}`);
    expect(sisli.identity_key).toBe(`p:${sisli.place_id}`);
    const zoe = await t.db('businesses').where({ name: 'Café Zoë' }).first('slug');
    expect(zoe.slug).toMatch(/^cafe-zoe-/);
    const bang = await t.db('businesses').where({ name: '!!!' }).first('slug');
    expect(bang.slug).toMatch(/^business/);
  });

  it('reads JSON working hours into the weekly schedule, and plain text hours where every clause is clear', async () => {
    const json = await t.db('businesses').where('working_hours', 'like', '{%').first('business_hours');
    expect(json.business_hours.sunday).toEqual({ closed: true });
    expect(json.business_hours.monday.open).toBeTruthy();
    const plain = await t.db('businesses').whereNot('working_hours', 'like', '{%').select('working_hours', 'business_hours');
    expect(plain.length).toBeGreaterThan(0);
    for (const row of plain) expect(row.business_hours, row.working_hours).toEqual(readWorkingHours(row.working_hours));
  });

  it('adds nothing when loaded a second time', async () => {
    expect(await loadSample(t.db)).toEqual({ imported: 0 });
    const [{ n }] = await t.db('businesses').count({ n: '*' });
    expect(Number(n)).toBe(2000);
  });
});
