import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTempDir, useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { readWorkingHours } from '../../domain/hours-text.js';
import { openWeekText } from '../../domain/opening-status.js';
import { importFile } from '../import/import.js';
import { editBusiness } from './business-writes.js';
import { restoreBusinesses, trashBusinesses } from './trash.js';
import { undoImport } from './undo-import.js';

const t = useTestDb();
const dir = useTempDir('rehber-open-week-');
beforeEach(async () => {
  await t.db.raw('TRUNCATE businesses, business_versions, trashed_businesses, cities, categories, countries, imports RESTART IDENTITY CASCADE');
});

let n = 0;
const quote = (v: string) => `"${v.replace(/"/g, '""')}"`;
async function run(header: string[], rows: string[][], options: { clearEmpty?: boolean } = {}) {
  const file = path.join(dir, `${n++}.csv`);
  fs.writeFileSync(file, [header.join(','), ...rows.map((r) => r.map(quote).join(','))].join('\n') + '\n');
  return importFile(t.db, file, { source: 'cli', mode: 'upsert', bulk: false, ...options });
}

const HEADER = ['name', 'category', 'full_address', 'place_id', 'working_hours'];
const ADDRESS = 'Torstr. 1, 10119 Berlin, Germany';
const DAY = 'Mon-Fri 09:00-18:00';
const NIGHT = 'Fri 18:00-02:00, Sat 18:00-04:00';

/** The open week stored for each business, by name. */
const weeks = async (): Promise<Record<string, string | null>> =>
  Object.fromEntries(((await t.db.raw('SELECT name, open_week::text AS week FROM businesses ORDER BY id')).rows as { name: string; week: string | null }[]).map((r) => [r.name, r.week]));
const weekOf = (hours: string) => openWeekText(readWorkingHours(hours));
const idOf = async (name: string) => Number((await t.db('businesses').where({ name }).first('id')).id);

describe('businesses.open_week, written beside the hours by every write', () => {
  it('is the week of the hours of each new business, however it goes in (the fast lane, the merge, a taken slug)', async () => {
    await run(HEADER, [
      ['Tagescafe', 'Cafe', ADDRESS, 'P1', DAY],
      ['Nachtbar', 'Bar', ADDRESS, 'P2', NIGHT],
      // The same slug as the first: it goes in the slow way, with a suffix.
      ['Tagescafe', 'Cafe', 'Torstr. 9, 10119 Berlin, Germany', 'P3', '24/7'],
      ['Rätselhaft', 'Cafe', ADDRESS, 'P4', 'by appointment'],
      ['Ohne', 'Cafe', ADDRESS, 'P5', ''],
    ]);
    const rows = (await t.db.raw('SELECT place_id, open_week::text AS week FROM businesses ORDER BY place_id')).rows as { place_id: string; week: string | null }[];
    expect(rows).toEqual([
      { place_id: 'P1', week: '{[540,1080),[1980,2520),[3420,3960),[4860,5400),[6300,6840)}' },
      { place_id: 'P2', week: weekOf(NIGHT) },
      { place_id: 'P3', week: '{[0,10080)}' },
      { place_id: 'P4', week: null },
      { place_id: 'P5', week: null },
    ]);
  });

  it('follows the hours a re-import changes, keeps them where the file leaves them, and clears them with the cell when asked', async () => {
    await run(HEADER, [
      ['Tagescafe', 'Cafe', ADDRESS, 'P1', DAY],
      ['Nachtbar', 'Bar', ADDRESS, 'P2', NIGHT],
    ]);
    await run(HEADER, [
      ['Tagescafe', 'Cafe', ADDRESS, 'P1', NIGHT],
      ['Nachtbar', 'Bar', ADDRESS, 'P2', ''],
    ]);
    expect(await weeks()).toEqual({ Tagescafe: weekOf(NIGHT), Nachtbar: weekOf(NIGHT) });
    // A file without the column changes neither.
    await run(['name', 'category', 'full_address', 'place_id'], [['Tagescafe', 'Bakery', ADDRESS, 'P1']]);
    expect(await weeks()).toEqual({ Tagescafe: weekOf(NIGHT), Nachtbar: weekOf(NIGHT) });
    await run(HEADER, [['Nachtbar', 'Bar', ADDRESS, 'P2', '']], { clearEmpty: true });
    expect(await weeks()).toEqual({ Tagescafe: weekOf(NIGHT), Nachtbar: null });
  });

  it('changes with an admin edit of the working hours, and stays with an edit of anything else', async () => {
    await run(HEADER, [['Tagescafe', 'Cafe', ADDRESS, 'P1', DAY]]);
    const id = await idOf('Tagescafe');
    await editBusiness(t.db, id, { fields: { phone: '+49 30 1234567' } }, 'admin');
    expect(await weeks()).toEqual({ Tagescafe: weekOf(DAY) });
    await editBusiness(t.db, id, { fields: { working_hours: NIGHT } }, 'admin');
    expect(await weeks()).toEqual({ Tagescafe: weekOf(NIGHT) });
    await editBusiness(t.db, id, { fields: { working_hours: '' } }, 'admin');
    expect(await weeks()).toEqual({ Tagescafe: null });
  });

  it('goes back with the hours when an import is undone', async () => {
    await run(HEADER, [['Tagescafe', 'Cafe', ADDRESS, 'P1', DAY]]);
    const second = await run(HEADER, [['Tagescafe', 'Cafe', ADDRESS, 'P1', NIGHT]]);
    expect(await weeks()).toEqual({ Tagescafe: weekOf(NIGHT) });
    await undoImport(t.db, second.importId, 'admin');
    expect(await weeks()).toEqual({ Tagescafe: weekOf(DAY) });
  });

  it("goes back to the week today's parser reads in the hours, after an undo of an import made before a day's shifts were read", async () => {
    const SHIFTS = 'Mon-Fri 09:00-12:00, 14:00-18:00';
    await run(HEADER, [['Tagescafe', 'Cafe', ADDRESS, 'P1', SHIFTS]]);
    const second = await run(HEADER, [['Tagescafe', 'Cafe', ADDRESS, 'P1', DAY]]);
    // As such an import kept them: one span from the first opening to the last closing.
    const span = readWorkingHours('Mon-Fri 09:00-18:00');
    await t.db.raw(`UPDATE business_versions SET before = before || jsonb_build_object('business_hours', ?::jsonb, 'open_week', ?::text) WHERE import_id = ?`, [
      JSON.stringify(span),
      openWeekText(span),
      second.importId,
    ]);
    await undoImport(t.db, second.importId, 'admin');
    expect(await weeks()).toEqual({ Tagescafe: weekOf(SHIFTS) });
    const row = await t.db('businesses').where({ name: 'Tagescafe' }).first('working_hours', 'business_hours');
    expect(row).toEqual({ working_hours: SHIFTS, business_hours: readWorkingHours(SHIFTS) });
  });

  it('comes back with a business restored from the trash, even one trashed without it', async () => {
    await run(HEADER, [
      ['Tagescafe', 'Cafe', ADDRESS, 'P1', DAY],
      ['Nachtbar', 'Bar', ADDRESS, 'P2', NIGHT],
    ]);
    const ids = [await idOf('Tagescafe'), await idOf('Nachtbar')];
    await trashBusinesses(t.db, ids, 'admin');
    // As a business trashed before the column existed is kept.
    await t.db.raw(`UPDATE trashed_businesses SET row = row - 'open_week' WHERE business_id = ?`, [ids[1]]);
    await restoreBusinesses(t.db, ids, 'admin');
    expect(await weeks()).toEqual({ Nachtbar: weekOf(NIGHT), Tagescafe: weekOf(DAY) });
  });

  it("comes back from the trash with the week today's parser reads in its hours, when it was trashed before a day's shifts were read", async () => {
    const SHIFTS = 'Mon-Fri 09:00-12:00, 14:00-18:00';
    await run(HEADER, [['Tagescafe', 'Cafe', ADDRESS, 'P1', SHIFTS]]);
    const id = await idOf('Tagescafe');
    await trashBusinesses(t.db, [id], 'admin');
    // As such a business was kept: one span from the first opening to the last closing.
    const span = readWorkingHours('Mon-Fri 09:00-18:00');
    await t.db.raw(`UPDATE trashed_businesses SET row = row || jsonb_build_object('business_hours', ?::jsonb, 'open_week', ?::text) WHERE business_id = ?`, [
      JSON.stringify(span),
      openWeekText(span),
      id,
    ]);
    await restoreBusinesses(t.db, [id], 'admin');
    expect(await weeks()).toEqual({ Tagescafe: weekOf(SHIFTS) });
    expect((await t.db('businesses').where({ id }).first('business_hours')).business_hours).toEqual(readWorkingHours(SHIFTS));
  });
});
