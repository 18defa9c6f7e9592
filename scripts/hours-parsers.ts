/**
 * rehber's hours parser (domain/hours-text.ts readWorkingHours, then opening-status.ts
 * openIntervals) beside the `opening_hours` npm package, which reads OpenStreetMap's opening_hours
 * syntax, on the hour texts rehber meets: the bench's generated weeks, the bundled sample
 * directory's working_hours column (the spreadsheet the tests import), the texts the hours tests
 * name, and the fuzz test's near misses and random texts. For each source: how many texts each
 * reads as a week and refuses, how many of those it reads with a warning of its own, and where
 * both read a text whether they agree on open or closed at every quarter hour of a week. The
 * decision it informs is in docs/public-site.md (Open now).
 *
 * The package is not a dependency: install it anywhere and name that folder, as
 *   npm install --prefix /tmp/oh opening_hours
 *   OPENING_HOURS_FROM=/tmp/oh npx tsx scripts/hours-parsers.ts [--show N]
 * `--show N` lists N texts of each disagreement.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import Papa from 'papaparse';
import { readWorkingHours } from '../domain/hours-text.js';
import { hoursTexts } from '../domain/hours-text.fixtures.js';
import { MINUTES_PER_WEEK, isOpenAt, openIntervals, type Interval } from '../domain/opening-status.js';
import { WEEKS } from './bench/generate.js';

// The package reads a Date's local fields: the week is laid out in UTC.
process.env.TZ = 'UTC';

interface OpeningHours {
  getState(date: Date): boolean;
  getUnknown(date: Date): boolean;
  getWarnings(): string[];
}
type OpeningHoursClass = new (value: string, nominatim: null, conf: { tag_key: string; locale: string }) => OpeningHours;

function loadOpeningHours(): OpeningHoursClass {
  const from = path.resolve(process.env.OPENING_HOURS_FROM ?? '.');
  try {
    const required = createRequire(path.join(from, 'package.json'))('opening_hours') as OpeningHoursClass | { default: OpeningHoursClass };
    return 'default' in required ? required.default : required;
  } catch {
    console.error(`opening_hours is not installed under ${from}: npm install --prefix /tmp/oh opening_hours, then OPENING_HOURS_FROM=/tmp/oh`);
    process.exit(2);
  }
}

const ROOT = path.resolve(import.meta.dirname, '..');
/** A Monday with no public holiday near it; the week is read from here in steps of STEP minutes. */
const MONDAY = Date.UTC(2026, 0, 12);
const STEP = 15;

/** The sample directory's hours cells, one per row that has one. */
function sampleCells(): string[] {
  const csv = fs.readFileSync(path.join(ROOT, 'data/samples/businesses.csv'), 'utf8').replace(/^\uFEFF/, '');
  const rows = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data;
  return rows.map((r) => r.working_hours ?? '').filter((t) => t.trim());
}

/**
 * The texts the hours tests hand to a parser: string literals passed to parseHoursText,
 * readWorkingHours or parseWorkingHours, and those of a `for (const text of [...])` list.
 */
function testCases(): string[] {
  const out: string[] = [];
  const literal = /'((?:[^'\\\n]|\\.)*)'/g;
  const unquote = (s: string) => s.replace(/\\(.)/g, '$1');
  for (const file of fs.readdirSync(path.join(ROOT, 'domain')).filter((f) => /hours.*\.test\.ts$/.test(f))) {
    const src = fs.readFileSync(path.join(ROOT, 'domain', file), 'utf8');
    for (const m of src.matchAll(/(?:parseHoursText|readWorkingHours|parseWorkingHours)\('((?:[^'\\\n]|\\.)*)'\)/g)) out.push(unquote(m[1]));
    for (const m of src.matchAll(/for \(const text of \[([^\]]*)\]\)/g)) for (const l of m[1].matchAll(literal)) out.push(unquote(l[1]));
  }
  return out.filter((t) => t.trim());
}

function fuzzTexts(): { nearMisses: string[]; random: string[] } {
  const { nearMisses, randomPieces } = hoursTexts();
  return {
    nearMisses: Object.values(nearMisses).flatMap((make) => Array.from({ length: 300 }, make)),
    random: Array.from({ length: 2_000 }, randomPieces),
  };
}

/** Open (true) or not at each step of the week; null when the parser refuses the text. */
type Week = boolean[] | null;

function oursWeek(text: string): Week {
  const week: readonly Interval[] | null = openIntervals(readWorkingHours(text));
  if (!week) return null;
  return Array.from({ length: MINUTES_PER_WEEK / STEP }, (_, i) => isOpenAt(week, i * STEP));
}

function theirsWeek(OH: OpeningHoursClass, text: string): { week: Week; warned: boolean; unknown: boolean } {
  let oh: OpeningHours;
  try {
    oh = new OH(text, null, { tag_key: 'opening_hours', locale: 'en' });
  } catch {
    return { week: null, warned: false, unknown: false };
  }
  let unknown = false;
  const week = Array.from({ length: MINUTES_PER_WEEK / STEP }, (_, i) => {
    const at = new Date(MONDAY + i * STEP * 60_000);
    // An "unknown" state (a comment, an open end) is no certain opening.
    if (oh.getUnknown(at)) unknown = true;
    return oh.getState(at) && !oh.getUnknown(at);
  });
  return { week, warned: oh.getWarnings().length > 0, unknown };
}

interface Tally {
  /** Every text as fed, a sample row's cell each time it occurs; the rest count distinct texts. */
  cells: number;
  oursCells: number;
  theirsCells: number;
  texts: number;
  ours: number;
  theirs: number;
  theirsWarned: number;
  theirsUnknown: number;
  both: number;
  agree: number;
  /** Read by the package with an open hour, refused by ours: where the package may guess. */
  onlyTheirsOpen: number;
  onlyOurs: number;
  examples: Record<'disagree' | 'onlyTheirsOpen' | 'onlyOurs', string[]>;
}

function tally(OH: OpeningHoursClass, texts: string[]): Tally {
  const t: Tally = { cells: texts.length, oursCells: 0, theirsCells: 0, texts: 0, ours: 0, theirs: 0, theirsWarned: 0, theirsUnknown: 0, both: 0, agree: 0, onlyTheirsOpen: 0, onlyOurs: 0, examples: { disagree: [], onlyTheirsOpen: [], onlyOurs: [] } };
  const seen = new Map<string, [boolean, boolean]>();
  for (const text of texts) {
    const read = seen.get(text);
    if (read) {
      t.oursCells += Number(read[0]);
      t.theirsCells += Number(read[1]);
      continue;
    }
    t.texts++;
    const ours = oursWeek(text);
    const theirs = theirsWeek(OH, text);
    seen.set(text, [!!ours, !!theirs.week]);
    t.oursCells += Number(!!ours);
    t.theirsCells += Number(!!theirs.week);
    if (ours) t.ours++;
    if (theirs.week) {
      t.theirs++;
      if (theirs.warned) t.theirsWarned++;
      if (theirs.unknown) t.theirsUnknown++;
    }
    if (ours && theirs.week) {
      t.both++;
      if (ours.every((open, i) => open === theirs.week![i])) t.agree++;
      else t.examples.disagree.push(text);
    } else if (theirs.week?.some(Boolean)) {
      t.onlyTheirsOpen++;
      t.examples.onlyTheirsOpen.push(text);
    } else if (ours) {
      t.onlyOurs++;
      t.examples.onlyOurs.push(text);
    }
  }
  return t;
}

const OH = loadOpeningHours();
const show = Number(process.argv[process.argv.indexOf('--show') + 1] || 0);
const fuzz = fuzzTexts();
const sources: [string, string[]][] = [
  ['bench weeks (scripts/bench/generate.ts)', [...WEEKS]],
  ['sample directory (data/samples/businesses.csv)', sampleCells()],
  ['hours tests (domain/*hours*.test.ts)', testCases()],
  ['fuzz near misses (domain/hours-text.fixtures.ts)', fuzz.nearMisses],
  ['fuzz random texts (domain/hours-text.fixtures.ts)', fuzz.random],
];

console.log('| texts of | cells: rehber reads / opening_hours reads | distinct | rehber reads | opening_hours reads (with a warning; with an unknown state) | both read | agree at every quarter hour | only opening_hours reads, open | only rehber reads |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const [name, texts] of sources) {
  const t = tally(OH, texts);
  console.log(`| ${name} | ${t.cells}: ${t.oursCells} / ${t.theirsCells} | ${t.texts} | ${t.ours} | ${t.theirs} (${t.theirsWarned}; ${t.theirsUnknown}) | ${t.both} | ${t.agree} | ${t.onlyTheirsOpen} | ${t.onlyOurs} |`);
  if (show > 0) {
    for (const [kind, list] of Object.entries(t.examples)) for (const text of list.slice(0, show)) console.log(`    ${kind}: ${JSON.stringify(text)}`);
  }
}
