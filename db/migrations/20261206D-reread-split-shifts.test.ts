import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDir, useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { importFile } from '../../data/import/import.js';
import { readWorkingHours } from '../../domain/hours-text.js';
import { openWeekText } from '../../domain/opening-status.js';
import { up } from './20261206D-reread-split-shifts.js';

const HEADER = 'name,category,full_address,place_id,working_hours';
const row = (name: string, placeId: string, hours: string) => `${name},Cafe,"Torstr. 1, 10119 Berlin, Germany",${placeId},"${hours.replace(/"/g, '""')}"`;
const SPLIT = '{"Monday":["9AM-12PM","2PM-6PM"]}';
const TEXT = 'Mon-Fri 09:00-12:00, 14:00-18:00';
const PLAIN = '{"Monday":"9AM-5PM","Sunday":"Closed"}';

describe('migration 20261206D: the shifts of the hours stored before it', () => {
  const t = useTestDb();
  const dir = useTempDir('rehber-split-shifts-migration-');

  it('reads again the hours that hold shifts, closed between them, and leaves the others alone', async () => {
    const file = path.join(dir, 'a.csv');
    fs.writeFileSync(file, [HEADER, row('Mittagstisch', 'P1', SPLIT), row('Zweischicht', 'P2', TEXT), row('Tagescafe', 'P3', PLAIN)].join('\n') + '\n');
    await importFile(t.db, file, { source: 'cli', mode: 'upsert', bulk: false });
    // As the parser before it stored them: one span, or nothing read.
    await t.db.raw(`UPDATE businesses SET business_hours = '{"monday":{"open":"9AM","close":"6PM","closed":false}}', open_week = '{[540,1080)}' WHERE name = 'Mittagstisch'`);
    await t.db.raw(`UPDATE businesses SET business_hours = '{}', open_week = NULL WHERE name = 'Zweischicht'`);

    await up(t.db);
    const rows = (await t.db.raw('SELECT name, business_hours AS hours, open_week::text AS week FROM businesses ORDER BY name')).rows;
    expect(rows).toEqual([
      { name: 'Mittagstisch', hours: readWorkingHours(SPLIT), week: '{[540,720),[840,1080)}' },
      { name: 'Tagescafe', hours: readWorkingHours(PLAIN), week: openWeekText(readWorkingHours(PLAIN)) },
      { name: 'Zweischicht', hours: readWorkingHours(TEXT), week: openWeekText(readWorkingHours(TEXT)) },
    ]);
  });
});
