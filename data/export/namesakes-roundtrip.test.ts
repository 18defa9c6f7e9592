/**
 * Towns of one name through an import, an export and a re-import: each business stays in its own
 * Springfield, Portland, Paris or Córdoba, and each city row is one gazetteer place throughout.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTempDir, useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { importFile } from '../import/import.js';
import { exportBusinesses } from './export.js';
import { countryPlaces, placesOf } from '../places/gazetteer.js';
import { NAMESAKES, SPOTS } from '../places/namesakes.fixtures.js';

type Town = keyof typeof NAMESAKES;
const { springfieldIL, springfieldMO, portlandOR, portlandME, parisTX, cordobaES } = SPOTS;

// [place_id, town, name, full_address, city, state, country, latitude, longitude]
const ROWS: [string, Town, string, string, string, string, string, number | '', number | ''][] = [
  // City and state columns; Illinois comes first, so the city row would be made from it.
  ['N1', 'springfieldIL', 'Lincoln Deli', '1 Main St', 'Springfield', 'IL', 'United States', '', ''],
  ['N2', 'springfieldMO', 'Ozark Grill', '123 Main St, Springfield, MO 65806, United States', '', '', '', '', ''],
  ['N3', 'springfieldMO', 'Route 66 Diner', '2 Main St', 'Springfield', 'Missouri', 'United States', '', ''],
  ['N4', 'springfieldIL', 'Capitol Books', '123 Main St, Springfield, Illinois 62701, USA', '', '', '', '', ''],
  ['N5', 'portlandOR', 'Rose Coffee', '1 SW Main St', 'Portland', 'OR', 'United States', '', ''],
  ['N6', 'portlandME', 'Harbor Lobster', '1 Congress St, Portland, ME 04101, United States', '', '', '', '', ''],
  // Coordinates alone say which Portland, which Springfield, which Paris, which Córdoba.
  ['N7', 'portlandME', 'Fore Street Oysters', '2 Fore St, Portland, United States', '', '', '', portlandME.latitude, portlandME.longitude],
  ['N8', 'springfieldIL', 'Prairie Pies', '9 Oak St', 'Springfield', '', 'United States', springfieldIL.latitude, springfieldIL.longitude],
  ['N9', 'parisTX', 'Eiffel Tower BBQ', '3 Clarksville St', 'Paris', 'TX', '', '', ''],
  ['N10', 'parisFR', 'Café de Rivoli', '5 Rue de Rivoli, 75001 Paris, France', '', '', '', '', ''],
  ['N11', 'cordobaAR', 'Parrilla Colón', 'Av. Colón 100, X5000 Córdoba, Argentina', '', '', '', '', ''],
  ['N12', 'cordobaES', 'Taberna Mezquita', 'Calle Cruz Conde 1, Córdoba', '', '', '', cordobaES.latitude, cordobaES.longitude],
  ['N13', 'parisTX', 'Lamar Tacos', '4 Main St, Paris', '', '', '', parisTX.latitude, parisTX.longitude],
  ['N14', 'springfieldMO', 'Bass Pro Cafe', '5 Main St', 'Springfield', '', 'United States', springfieldMO.latitude, springfieldMO.longitude],
  ['N15', 'portlandOR', 'Pearl Bakery', '6 Pearl St', 'Portland', '', 'United States', portlandOR.latitude, portlandOR.longitude],
];
const quote = (v: string | number) => (typeof v === 'number' ? String(v) : `"${v.replace(/"/g, '""')}"`);
const SOURCE = ['place_id,name,full_address,city,state,country,latitude,longitude', ...ROWS.map(([id, , ...rest]) => [id, ...rest].map(quote).join(','))].join('\n');

const t = useTestDb();
const dir = useTempDir('rehber-namesakes-');
beforeAll(async () => {
  fs.writeFileSync(path.join(dir, 'source.csv'), SOURCE);
  expect(await importFile(t.db, path.join(dir, 'source.csv'), { source: 'cli' })).toMatchObject({ imported: ROWS.length, errors: [] });
});

/** Each business's city as its gazetteer id, by place_id. */
async function townsOf(): Promise<Record<string, number | null>> {
  const rows = await t.db('businesses as b').leftJoin('cities as c', 'c.id', 'b.city_id').select('b.place_id', 'c.geoname_id');
  return Object.fromEntries(rows.map((r: { place_id: string; geoname_id: number | null }) => [r.place_id, r.geoname_id]));
}
const expectedTowns = Object.fromEntries(ROWS.map(([id, town]) => [id, NAMESAKES[town]]));

describe('towns of one name through import and export', () => {
  it('files each business under its own town', async () => {
    expect(await townsOf()).toEqual(expectedTowns);
  });

  it("makes each city row of one place: its name, state, country and coordinates are that place's", async () => {
    const cities = await t.db('cities').orderBy('geoname_id').select('geoname_id', 'name', 'state', 'country', 'country_code', 'latitude', 'longitude', 'business_count');
    const places = new Map(['US', 'FR', 'AR', 'ES'].flatMap((cc) => placesOf(countryPlaces(cc))).map((p) => [p.id, p]));
    expect(cities.map((c) => c.geoname_id).sort()).toEqual(Object.values(NAMESAKES).sort());
    for (const c of cities) {
      const p = places.get(c.geoname_id)!;
      expect(c, p.name).toMatchObject({ latitude: p.latitude, longitude: p.longitude, country_code: p.countryCode });
      expect(c.state, p.name).toBe(p.countryCode === 'US' ? p.admin1 : null);
      const count = ROWS.filter(([, town]) => NAMESAKES[town] === c.geoname_id).length;
      expect(c.business_count, p.name).toBe(count);
    }
  });

  for (const format of ['csv', 'xlsx'] as const) {
    it(`imports an exported ${format.toUpperCase()} file back all unchanged, each business in its own town`, async () => {
      const rows = async () => (await t.db('businesses').orderBy('id').select('*')).map(({ content_hash: _, ...r }) => r);
      const before = await rows();
      const file = path.join(dir, `export.${format}`);
      await exportBusinesses(t.db, { format, baseUrl: 'https://rehber.example' }, fs.createWriteStream(file));
      const result = await importFile(t.db, file, { source: 'cli' });
      expect(result).toMatchObject({ imported: 0, updated: 0, skipped: ROWS.length, errors: [] });
      expect(await rows()).toEqual(before);
      expect(await townsOf()).toEqual(expectedTowns);
    });
  }
});
