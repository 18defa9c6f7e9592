import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../../db/index.js';
import { importFile } from '../../data/import/import.js';

/** Businesses of Berlin and New York with hours of every kind "open now" must get right. */
export const OPEN_NOW_ROWS = [
  ['Tagescafe', 'Cafe', 'Torstr. 1, 10119 Berlin', 'Berlin', 'Germany', 'Mon-Fri 09:00-18:00'],
  ['Nachtbar', 'Bar', 'Torstr. 2, 10119 Berlin', 'Berlin', 'Germany', 'Fri 18:00-02:00, Sat 18:00-04:00'],
  ['Immerauf', 'Bar', 'Torstr. 3, 10119 Berlin', 'Berlin', 'Germany', 'Open 24 hours'],
  ['Rätselhaft', 'Cafe', 'Torstr. 4, 10119 Berlin', 'Berlin', 'Germany', 'by appointment'],
  ['Sonntagsbäcker', 'Cafe', 'Torstr. 5, 10119 Berlin', 'Berlin', 'Germany', 'Sun 09:00-18:00'],
  ['Deli Uptown', 'Cafe', '1 Broadway, New York, NY 10004', 'New York', 'United States', 'Mon-Fri 09:00-17:00'],
];

/** Imports `rows` (OPEN_NOW_ROWS by default) through the import pipeline (so their cities are placed and zoned as any). */
export async function importOpenNowRows(db: Db, rows: string[][] = OPEN_NOW_ROWS): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rehber-open-now-'));
  try {
    const file = path.join(dir, 'open.csv');
    const quote = (v: string) => `"${v.replace(/"/g, '""')}"`;
    fs.writeFileSync(file, ['name,category,full_address,city,country,working_hours', ...rows.map((r) => r.map(quote).join(','))].join('\n'));
    await importFile(db, file, { source: 'cli', mode: 'upsert', fileName: 'open.csv' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
