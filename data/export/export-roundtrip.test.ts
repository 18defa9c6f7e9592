import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTempDir, useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { importFile } from '../import/import.js';
import { exportBusinesses } from './export.js';
import type { ExportFormat } from '../../domain/constants.js';

// Written the way a spreadsheet user would: international phones, negative coordinates, accents,
// quotes and line breaks, services, verified flags, empty cells, a business without a place id.
const SOURCE = [
  'name,category,phone,full_address,postal_code,country,rating,reviews,photo,working_hours,about,place_id,location_link,email,website,services,is_verified,latitude,longitude',
  'Şişli Çiçekçi,Florist,+90 212 555 12 34,"Halaskargazi Cd. 5, 34371 Şişli/İstanbul, Türkiye",34371,Türkiye,4.75,"1,200",https://img.example/a.jpg,"Monday: 9AM-6PM, Tuesday: Closed","Çiçekler, ""taze"" her gün\nİkinci satır",ChIJabc123xyz,https://maps.example/?q=1,INFO@CICEK.EXAMPLE,https://cicek.example,"Teslimat; Buket",yes,41.06,28.98',
  // A line break as Windows and Excel write it (CRLF) inside a cell.
  'Harbour Cafe,Cafe,+61 2 9250 7111,"1 Macquarie St, Sydney NSW 2000, Australia",2000,Australia,4.1,87,,,"Harbour views\r\nOpen late",ChIJsyd0000001,,,,,,-33.8568,151.2153',
  '@home Decor,=Interiors,,"-5 Side St, Austin, TX 78701, United States",,,2,1,,,,,,,,,,,',
  'Boston Plumbing,Plumber,(617) 555-0100,"12 Main St, Boston, MA 02108, United States",,,3,0,,,,,,,,,false,,',
  // Formulas behind a semicolon or a tab: a `;` or tab separated reading of the export must not
  // start a cell there, and the import must read them back unchanged.
  '"Semi Formula;=HYPERLINK(""http://evil.example"")",Cafe,,"7 Semi St;+cmd, Austin, TX 78701, United States",,,3,2,,,"Tab\t=1+2 and\t@SUM(A1)",,,,,"a;-b",,,',
  // Formulas after line breaks, and cells the file itself guarded ('' keeps one apostrophe stored).
  `"''@Quoted Menu",Cafe,,"3 Menu St, Austin, TX 78701, United States",,,3,2,,,"Menu:\n- soup\n=SUM(A1)\n''=kept as typed\na;""=b",,,,,,,,`,
].join('\n');

const t = useTestDb();
const dir = useTempDir('rehber-roundtrip-');
beforeAll(async () => {
  fs.writeFileSync(path.join(dir, 'source.csv'), SOURCE);
  const first = await importFile(t.db, path.join(dir, 'source.csv'), { source: 'cli' });
  expect(first).toMatchObject({ imported: 6, updated: 0, skipped: 0, errors: [] });
});

async function exportTo(format: ExportFormat): Promise<string> {
  const file = path.join(dir, `export.${format}`);
  const { rows } = await exportBusinesses(t.db, { format, baseUrl: 'https://rehber.example' }, fs.createWriteStream(file));
  expect(rows).toBe(6);
  return file;
}

describe('export → import round trip', () => {

  it('reads the guard apostrophes off a file that carries them, one per guarded start', async () => {
    expect(await t.db('businesses').where({ name: "'@Quoted Menu" }).first('about')).toEqual({ about: 'Menu:\n- soup\n=SUM(A1)\n\'=kept as typed\na;"=b' });
  });

  it('stores a line break inside a cell as one \\n, whatever the file wrote', async () => {
    expect(await t.db('businesses').where({ name: 'Harbour Cafe' }).first('about')).toEqual({ about: 'Harbour views\nOpen late' });
  });

  for (const format of ['csv', 'xlsx'] as const) {
    it(`imports an exported ${format.toUpperCase()} file back without changing anything (all rows skipped)`, async () => {
      // Every stored value and updated_at stay; only the content hash may take the export's
      // layout (it has more columns than the source), so the next same import skips early.
      const rows = async () => (await t.db('businesses').orderBy('id').select('*')).map(({ content_hash: _, ...r }) => r);
      const before = await rows();
      const result = await importFile(t.db, await exportTo(format), { source: 'cli' });
      expect(result).toMatchObject({ imported: 0, updated: 0, skipped: 6, errors: [] });
      expect(await rows()).toEqual(before);
    });
  }

  it('writes a CSV that a semicolon or tab separated reading splits into no formula cell', async () => {
    const text = fs.readFileSync(await exportTo('csv'), 'utf8').replace(/^\uFEFF/, '');
    expect(text).toContain('"Semi Formula;\'=HYPERLINK(""http://evil.example"")"');
    for (const delimiter of [';', '\t', ',']) {
      const cells = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: true }).data.flat();
      // A cell a spreadsheet program would run as a formula: a formula character first, and no plain number.
      expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell) && !/^[\d\s+\-().,/]*$/.test(cell)), JSON.stringify(delimiter)).toEqual([]);
    }
  });
});
