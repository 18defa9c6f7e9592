import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDir, useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { importFile } from '../../data/import/import.js';
import { undoImport } from '../../data/store/undo-import.js';
import { readWorkingHours } from '../../domain/hours-text.js';
import { openWeekText } from '../../domain/opening-status.js';
import { down, up } from './20261205B-add-opening-hours.js';
import * as openHours from './20261212O-add-open-hours.js';

const HEADER = 'name,category,full_address,place_id,working_hours';
const DAY = 'Mon-Fri 09:00-18:00';
const NIGHT = 'Fri 18:00-02:00, Sat 18:00-04:00';
const row = (name: string, placeId: string, hours: string) => `${name},Cafe,"Torstr. 1, 10119 Berlin, Germany",${placeId},"${hours}"`;

describe('migration 20261205B: the open week of the businesses stored before it', () => {
  const t = useTestDb();
  const dir = useTempDir('rehber-open-week-migration-');
  const run = async (name: string, lines: string[]) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, lines.join('\n') + '\n');
    return importFile(t.db, file, { source: 'cli', mode: 'upsert', bulk: false });
  };
  const weeks = async () => (await t.db.raw('SELECT name, open_week::text AS week FROM businesses ORDER BY name')).rows as { name: string; week: string | null }[];

  it('fills every stored business from its hours, and the versions an undo puts back', async () => {
    await run('a.csv', [HEADER, row('Tagescafe', 'P1', DAY), row('Rätselhaft', 'P2', 'by appointment'), 'Ohne,Cafe,"Torstr. 3, 10119 Berlin, Germany",P3,']);
    const second = (await run('b.csv', [HEADER, row('Tagescafe', 'P1', NIGHT)])).importId;
    const written = await weeks();
    expect(written).toEqual([
      { name: 'Ohne', week: null },
      { name: 'Rätselhaft', week: null },
      { name: 'Tagescafe', week: openWeekText(readWorkingHours(NIGHT)) },
    ]);

    // The open hours (a later migration) are kept from the week: taken down first, put back after.
    await openHours.down(t.db);
    await down(t.db);
    expect(await t.db.raw(`SELECT count(*)::int AS n FROM business_versions WHERE jsonb_exists(before, 'open_week')`)).toMatchObject({ rows: [{ n: 0 }] });
    await up(t.db);
    await openHours.up(t.db);
    expect(await weeks()).toEqual(written);
    // A plain column, which the writes set: no expression runs on each insert.
    const generated = await t.db.raw(`SELECT attgenerated FROM pg_attribute WHERE attrelid = 'businesses'::regclass AND attname = 'open_week'`);
    expect(generated.rows).toEqual([{ attgenerated: '' }]);
    await undoImport(t.db, second, 'admin');
    expect(await weeks()).toContainEqual({ name: 'Tagescafe', week: openWeekText(readWorkingHours(DAY)) });
  });
});
