import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDir, useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { importFile } from '../../data/import/import.js';
import { readWorkingHours } from '../../domain/hours-text.js';
import { openWeekText } from '../../domain/opening-status.js';
import { up } from './20261208F-reread-bare-hours.js';

const HEADER = 'name,category,full_address,place_id,working_hours';
const row = (name: string, placeId: string, hours: string) => `${name},Cafe,"Torstr. 1, 10119 Berlin, Germany",${placeId},"${hours.replace(/"/g, '""')}"`;
const BARE = '{"Monday":"9-5","Tuesday":"9 - 5"}';
const SHIFTS = '{"Monday":["8-12","1-5"]}';
const DAY = '{"Monday":"9-17"}';
const PLAIN = '{"Monday":"9AM-5PM"}';

describe('migration 20261208F: JSON hours of two bare hours ending before they start', () => {
  const t = useTestDb();
  const dir = useTempDir('rehber-bare-hours-migration-');

  it('are never open after it, and the other hours keep their week', async () => {
    const file = path.join(dir, 'a.csv');
    fs.writeFileSync(file, [HEADER, row('Neunbisfuenf', 'P1', BARE), row('Zweischicht', 'P2', SHIFTS), row('Tagescafe', 'P3', DAY), row('Eckladen', 'P4', PLAIN)].join('\n') + '\n');
    await importFile(t.db, file, { source: 'cli', mode: 'upsert', bulk: false });
    // As they were read before it: a night from 9 to 5, an afternoon shift from 1 to 5 in the morning.
    await t.db.raw(`UPDATE businesses SET open_week = '{[540,1740),[1980,3180)}' WHERE name = 'Neunbisfuenf'`);
    await t.db.raw(`UPDATE businesses SET open_week = '{[480,720),[780,1740)}' WHERE name = 'Zweischicht'`);

    await up(t.db);
    const rows = (await t.db.raw('SELECT name, open_week::text AS week FROM businesses ORDER BY name')).rows;
    expect(rows).toEqual([
      { name: 'Eckladen', week: '{[540,1020)}' },
      { name: 'Neunbisfuenf', week: null },
      { name: 'Tagescafe', week: '{[540,1020)}' },
      { name: 'Zweischicht', week: null },
    ]);
    for (const hours of [BARE, SHIFTS]) expect(openWeekText(readWorkingHours(hours))).toBeNull();
  });
});
