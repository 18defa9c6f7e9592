/**
 * Scores the resolver against data/places/corpus/addresses.json: real address layouts of many
 * countries with the city a person reads in each (see corpus/README.md). Used by the corpus test
 * and printed by `make bench`.
 */
import fs from 'node:fs';
import { foldName } from '../../domain/slug.js';
import { resolvePlace } from './resolve.js';
import { placesNamed } from './gazetteer.js';

export interface CorpusRow {
  address: string;
  country: string | null;
  postal_code: string | null;
  city: string | null;
  district: string | null;
  cc: string | null;
  note?: string;
  /** 'independent': written apart from the resolver; 'alongside': written while building it. */
  written?: 'independent' | 'alongside';
}

export interface CorpusScore {
  rows: number;
  countries: number;
  /** Rows whose city is the expected one (or rightly unknown). */
  right: number;
  /** Rows with an expected city the resolver left unknown. */
  unknown: number;
  /** Rows given another city than the expected one, or a city where the answer is unknown. */
  wrong: number;
  misses: { address: string; expected: string | null; got: string | null }[];
}

/** Sources live in data/, the build in dist/data/: the corpus stays in data/places/corpus/. */
const CORPUS_FILE = [new URL('./corpus/addresses.json', import.meta.url), new URL('../../../data/places/corpus/addresses.json', import.meta.url)].find((u) =>
  fs.existsSync(u),
);

export function readCorpus(): CorpusRow[] {
  if (!CORPUS_FILE) throw new Error('data/places/corpus/addresses.json is missing');
  return JSON.parse(fs.readFileSync(CORPUS_FILE, 'utf8')) as CorpusRow[];
}

/** Whether the resolved city is the expected one, by any of the place's names. */
function sameCity(expected: string, got: ReturnType<typeof resolvePlace>): boolean {
  const want = foldName(expected);
  if (got.city && foldName(got.city) === want) return true;
  return got.place !== null && (foldName(got.place.name) === want || placesNamed(got.place.countryCode, expected).some((p) => p.id === got.place!.id));
}

export function scoreCorpus(rows = readCorpus()): CorpusScore {
  const score: CorpusScore = { rows: rows.length, countries: new Set(rows.map((r) => r.cc).filter(Boolean)).size, right: 0, unknown: 0, wrong: 0, misses: [] };
  for (const row of rows) {
    const got = resolvePlace({ address: row.address, country: row.country, postalCode: row.postal_code });
    const name = got.place?.name ?? got.city;
    if (row.city === null ? got.city === null : sameCity(row.city, got)) {
      score.right++;
      continue;
    }
    if (got.city === null) score.unknown++;
    else score.wrong++;
    score.misses.push({ address: row.address, expected: row.city, got: name });
  }
  return score;
}
