/**
 * Where a business is: its city (a GeoNames place when the gazetteer knows it), district, state,
 * postal code and country, from its address and whatever place columns its file carries.
 *
 * The address is read from the end, the way every country's postal layout puts the locality last:
 * the country first ('…, Japan', '… - United Arab Emirates', 'Russia, 125009'), then the parts before
 * it, each with postal codes and state abbreviations taken off ('Sydney NSW 2000' → Sydney,
 * '4000-140 Porto' → Porto, '34710 Kadıköy/İstanbul' → Kadıköy and İstanbul), are looked up in the
 * country's gazetteer. The first part that names a place is the city; the street (the first part)
 * is tried last. The hand-written layouts of address.ts are the fallback, trusted only where a
 * postal code vouches for the locality; otherwise the city stays unknown rather than guessed.
 *
 * Which level is the city (written down in data/places/README.md): the municipality a visitor
 * browses by. A district named with its city ('Kadıköy/İstanbul', 'Shibuya City, Tokyo',
 * 'Kreuzberg, 10997 Berlin') is kept as the district. A section of a city (GeoNames PPLX) or a New
 * York borough named alone ('Brooklyn, NY 11201') belongs to the metropolis around it. A location
 * search for either level finds the business: both are stored and searched.
 */
import { countryCode as countryCodeOf, countryName } from './countries.js';
import { memo } from '../../domain/memo.js';
import { type AddressParts, parseAddress } from './address.js';
import { countryPlaces, distanceKm, foldName, METROPOLIS, named, worldCities, type Place } from './gazetteer.js';
import { choosePlace, countryNear, nearestPlace, type PlaceHints, placeState } from './choose-place.js';
import type { Coordinates } from './coordinates.js';
import { usState, usStateNamed } from './us-states.js';

export interface PlaceInput {
  address: string;
  /** The file's own columns, when it has them: they win over what the address says. */
  city?: string | null;
  state?: string | null;
  postalCode?: string | null;
  country?: string | null;
  /** The business's own spot: among places of one name, the one it lies in. */
  coordinates?: Coordinates | null;
}

export interface ResolvedPlace {
  /** The city as the address (or the city column) spells it; one city row per `place` whatever the spelling. */
  city: string | null;
  place: Place | null;
  district: string | null;
  state: string | null;
  postalCode: string | null;
  /** The country's display name (countryName), or the column's text when no country has that name. */
  country: string | null;
  countryCode: string | null;
}

const DISTRICT_SUFFIX = /(?:\s+(?:district|ward|borough|ilçesi|ilcesi|bezirk|arrondissement)|-(?:ku|gu|ward)|[区區구])$/iu;
const CITY_SUFFIX = /(?:\s+(?:city|şehri|sehri|shi)|-(?:shi|si)|[市시都府])$/iu;
/** A district within this distance of a named city is its district. */
const DISTRICT_RADIUS_KM = 30;
/** New York's boroughs are county seats of more than this many people beside a metropolis. */
const BOROUGH_POPULATION = 400_000;
const BOROUGH_RADIUS_KM = 25;
// Japanese, Chinese and Korean addresses run from the prefecture down with no separators:
// '大阪府大阪市中央区…', '東京都渋谷区…', '北京市朝阳区…', '서울특별시 강남구…'.
const CJK_LOCALITY =
  /(?:(東京都|北京市|上海市|天津市|重慶市|重庆市)|(?:[\p{Script=Han}]{1,3}?[道府県省])?([\p{Script=Han}]{1,5}?市|[\p{Script=Hangul}]{1,4}(?:특별시|광역시|시)))\s*([\p{Script=Han}\p{Script=Hangul}]{1,5}?[区區구])?/u;

interface Candidate {
  text: string;
  part: number;
  sub: number;
}

/** The address cut into parts (commas) and sub-parts (' - ', '/'), as candidates for the locality. */
function addressParts(address: string): string[][] {
  return address
    .split(/[,，、،]/)
    .map((p) => p.trim().replace(/\s+/g, ' '))
    .filter((p) => p !== '')
    .map((p) =>
      p
        .split(/\s+[-–—]\s+|\s*\/\s*/)
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    );
}

const hasDigit = (s: string) => /\d/.test(s);
const isPostalOnly = (s: string) => hasDigit(s) && /^[\p{Lu}\d\s\-〒.]+$/u.test(s) && !/\p{Ll}/u.test(s);
/** A state or province abbreviation ('NSW', 'SP', 'NY', 'CDMX'). */
const isAbbreviation = (s: string) => /^\p{Lu}{2,4}\.?$/u.test(s);

/** The locality of a sub-part: postal codes, '〒', 'No:12' and a trailing state abbreviation taken off. */
const localityOf = memo('localities', readLocality);

function readLocality(sub: string): { text: string; postal: string | null; state: string | null } {
  let postal: string | null = null;
  let state: string | null = null;
  const words = sub
    .replace(/〒\s*/g, '')
    // 'Paris Cedex 07': a French business-mail routing word; 'г. Москва': Russian 'city of'.
    .replace(/\s+cedex(?:\s+\d+)?$/i, '')
    .replace(/^(?:г|гор|город)\.?\s+/i, '')
    .split(' ')
    .filter(Boolean);
  const kept: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (hasDigit(w)) {
      // '1012 AB Amsterdam': the Dutch postcode's letters go with it.
      if (/^\d{4}$/.test(w) && /^[A-Z]{2}$/.test(words[i + 1] ?? '') && i + 2 < words.length) i++;
      postal ??= /^\d[\d-]{2,}$|^[A-Z]{1,2}\d/.test(w) ? w : null;
      continue;
    }
    kept.push(w);
  }
  while (kept.length > 1 && isAbbreviation(kept[kept.length - 1])) state = kept.pop()!;
  // '1160 København K', '8000 Aarhus C': Danish postal districts add one letter to the town.
  if (kept.length > 1 && postal && /^\p{Lu}$/u.test(kept[kept.length - 1])) kept.pop();
  return { text: kept.join(' ').replace(/^[.\-–]+|[.\-–]+$/g, '').trim(), postal, state };
}

// Abbreviations addresses use for a city, by country.
const CITY_ALIASES: Record<string, Record<string, string>> = {
  AR: { caba: 'buenos aires', 'capital federal': 'buenos aires', 'cdad autonoma de buenos aires': 'buenos aires', 'ciudad autonoma de buenos aires': 'buenos aires' },
  MX: { cdmx: 'mexico city', df: 'mexico city' },
  US: { nyc: 'new york city' },
};
/** Words that number a lot or a building, or name a street, not a town ('Sector 5', 'Block 4', 'London Road'). */
const NOT_PLACES =
  /^(?:sector|block|phase|plot|unit|lot|building|bldg|floor|suite|stand|stall|gate|km|zone|kiosk|booth|shop|warehouse|road|rd|street|st|avenue|ave|lane|rue|calle|via|strasse|straße|cadde|sokak|boulevard|blvd|centre|center)$/i;
/** A first-level division named after its capital: 'Cairo Governorate' is read as Cairo. */
const DIVISION_SUFFIX = /\s+(?:governorate|province|prefecture|oblast|region|municipality|centre|center|cbd|city cent(?:re|er))$/i;

const lookupMemo = memo('place lookups', (key: string) => {
  const at = key.indexOf('\u0000');
  return lookupUncached(key.slice(0, at), key.slice(at + 1));
});
/** The places a locality's text can name: as written, then without 'City', '-ku', '市'. */
const lookup = (code: string, text: string): Place[] => lookupMemo(`${code}\u0000${text}`);

function lookupUncached(code: string, text: string): Place[] {
  const country = countryPlaces(code);
  const folded = foldName(text);
  const alias = CITY_ALIASES[code]?.[folded];
  if (alias) return named(country, alias);
  // 'NY', 'SP', 'Jal.': a state's abbreviation, never a city's name; 'Sector 5', 'Block 4': no place.
  if (text.length < 2 || isAbbreviation(text) || /^\p{L}{1,4}\.$/u.test(text) || NOT_PLACES.test(text)) return [];
  const direct = named(country, folded);
  if (direct.length) return direct;
  for (const suffix of [CITY_SUFFIX, DISTRICT_SUFFIX, DIVISION_SUFFIX]) {
    const bare = text.replace(suffix, '');
    if (bare !== text && bare.length >= 2) {
      const found = named(country, foldName(bare));
      if (found.length) return found;
    }
  }
  return [];
}

/** The country an address ends with, and how many parts (from the end) that used. */
function trailingCountry(parts: string[][]): { code: string | null; used: number } {
  let used = 0;
  for (let i = parts.length - 1; i >= 0 && used < 3; i--) {
    const whole = parts[i].join(' - ');
    if (isPostalOnly(whole)) {
      used++;
      continue;
    }
    const subs = parts[i];
    const last = subs[subs.length - 1];
    // 'Atlanta, GA 30301' and 'Georgia 30301': a US state before its ZIP code is not a country.
    if (/^\p{Lu}{2} \d{5}/u.test(whole)) return { code: null, used: 0 };
    const code = countryCode(localityOf(last).text) ?? countryCode(last);
    if (code) {
      // Only the country sub-part is used up: 'Downtown Dubai - Dubai - United Arab Emirates'.
      if (subs.length > 1) {
        parts[i] = subs.slice(0, -1);
        return { code, used };
      }
      return { code, used: used + 1 };
    }
    return { code: null, used: 0 };
  }
  return { code: null, used: 0 };
}

/**
 * REHBER_GAZETTEER=off reads places with the layout rules alone, as rehber did before the
 * gazetteer: for `make bench`'s before/after figure, and an operator's way out should the
 * gazetteer ever misbehave on some data.
 */
const gazetteerOff = () => process.env.REHBER_GAZETTEER === 'off';

function layoutOnly(input: PlaceInput): ResolvedPlace {
  const layout = parseAddress(input.address);
  const countryText = input.country ?? layout.country;
  const code = countryText ? countryCode(countryText) : null;
  return {
    city: input.city ?? layout.city,
    place: null,
    district: null,
    state: input.state ?? layout.state,
    postalCode: input.postalCode ?? layout.postalCode,
    country: code ? countryName(code) : (countryText?.trim() ?? null),
    countryCode: code,
  };
}

/** Where the address (and the place columns) put the business. */
export function resolvePlace(input: PlaceInput): ResolvedPlace {
  if (gazetteerOff()) return layoutOnly(input);
  // The address is read only as far as the columns leave something to find: a file with city,
  // state, postal code and country columns needs none of it. Both readings are pure, so reading
  // them late (or never) answers what reading them first did.
  let read: { parts: string[][]; trailing: { code: string | null; used: number } } | undefined;
  const address = () => {
    if (read === undefined) {
      const parts = addressParts(input.address);
      // trailingCountry takes the country's sub-part off `parts`: every later reader sees them so.
      read = { parts, trailing: trailingCountry(parts) };
    }
    return read;
  };
  let layoutRead: AddressParts | undefined;
  const layout = () => (layoutRead ??= parseAddress(input.address));
  const layoutCode = () => {
    const country = layout().country;
    return country ? countryCode(country) : null;
  };
  const columnCode = input.country ? countryCode(input.country) : null;
  let code = input.country ? columnCode : (address().trailing.code ?? layoutCode() ?? scriptCountry(input.address));
  const localityParts = () => {
    const { parts, trailing } = address();
    return parts.slice(0, parts.length - trailing.used);
  };

  let city: string | null = null;
  let place: Place | null = null;
  let district: string | null = null;
  let state: string | null = input.state ?? null;
  let postal: string | null = input.postalCode ?? null;

  // What the row says besides the town's name, to tell towns of one name apart (choosePlace).
  const hints: PlaceHints = {
    coordinates: input.coordinates,
    state: input.state ?? layout().state,
    postalCode: input.postalCode ?? layout().postalCode ?? trailingPostal(address().parts),
  };
  // No country anywhere: the town near the business's spot, a town in the US state the row names,
  // else a city big enough to be unmistakable ('1012 AB Amsterdam').
  if (!code && !input.country) {
    let read: string[] | undefined;
    const texts = () => (read ??= input.city ? [input.city] : localityParts().flatMap((subs) => subs.map((sub) => localityOf(sub).text)));
    const spot = input.coordinates;
    const near = spot ? countryNear(spot) : null;
    if (near && spot && texts().some((t) => nearestPlace(lookup(near, t), spot))) code = near;
    // A state written out ends an address that names no country: 'Paris, Texas'.
    const state = code ? null : (usState(hints.state) ?? (input.city ? null : usStateNamed(texts()[texts().length - 1] ?? '')));
    if (state && texts().some((t) => lookup('US', t).some((p) => p.admin1 === state))) code = 'US';
    code ??= worldCityCountry(input.city ? [[input.city]] : localityParts());
  }
  if (code) {
    let found = input.city ? withAddressDistrict(findNamed(code, input.city, hints), code, localityParts()) : findInAddress(code, localityParts(), input.address, hints);
    // A city-state is its own one city: 'Wan Chai, Hong Kong' is Hong Kong's district Wan Chai.
    if (CITY_STATES.has(code)) {
      const whole = findNamed(code, countryName(code));
      if (whole && found?.place.id !== whole.place.id) found = whole && { ...whole, district: found?.city ?? null };
    }
    if (found) {
      ({ city, place, district } = found);
      state ??= found.state;
      postal ??= layout().postalCode ?? found.postal;
    }
  }
  if (!place) {
    // The gazetteer does not know the place (a village under 1,000 people, a country it lacks):
    // the column as written, else a layout whose postal code vouches for the locality.
    if (input.city) city = input.city;
    else {
      const { city: layoutCity, postalCode: layoutPostal } = layout();
      if (layoutCity && layoutPostal && !hasDigit(layoutCity) && (!code || !layoutCode() || layoutCode() === code)) city = layoutCity;
    }
  }
  state ??= layout().state;
  // A US town's state is known once the town is: the export writes it, and a re-import then agrees.
  if (place) state ??= placeState(place);
  postal ??= layout().postalCode ?? trailingPostal(address().parts);
  const country = input.country ? (columnCode ? countryName(columnCode) : input.country.trim()) : code ? countryName(code) : null;
  return { city, place, district, state, postalCode: postal, country, countryCode: code };
}

interface Found {
  city: string;
  place: Place;
  district: string | null;
  state: string | null;
  postal: string | null;
}

function findNamed(code: string, name: string, hints: PlaceHints = {}): Found | null {
  const place = choosePlace(lookup(code, name), hints);
  return place ? inMetropolis({ city: name, place, district: null, state: null, postal: null }) : null;
}

/**
 * A city named by the file's column with the district its address names before that same city
 * ('…, 34710 Kadıköy/İstanbul' with a city column 'Istanbul'): the place lands where it would
 * without the column. Only the parts naming the column's own city are looked at, from the end (the
 * street only beside a postal code, as findInAddress reads it), so the column keeps its speed.
 */
function withAddressDistrict(found: Found | null, code: string, parts: string[][]): Found | null {
  if (!found || found.district || parts.length < 2) return found;
  const { place } = found;
  for (let part = parts.length - 1; part >= 0; part--) {
    if (part === 0 && !besidePostal(parts[0])) break;
    for (let sub = parts[part].length - 1; sub >= 0; sub--) {
      const text = parts[part][sub];
      if (!lookup(code, localityOf(text).text).some((p) => p.id === place.id)) continue;
      const district = districtBefore(code, parts, { text, part, sub }, place);
      return district ? { ...found, district } : found;
    }
  }
  return found;
}

function findInAddress(code: string, parts: string[][], address: string, hints: PlaceHints): Found | null {
  const cjk = /[\u3040-\u9fff\uac00-\ud7af]/.test(address) ? CJK_LOCALITY.exec(address) : null;
  if (cjk) {
    const name = cjk[1] ?? cjk[2];
    const place = lookup(code, name)[0] ?? lookup(code, name.replace(/(?:특별시|광역시)$/, ''))[0];
    if (place) return inMetropolis({ city: name, place, district: cjk[3] ?? null, state: null, postal: null });
  }
  const candidates: Candidate[] = [];
  for (let part = parts.length - 1; part >= 0; part--) {
    for (let sub = parts[part].length - 1; sub >= 0; sub--) candidates.push({ text: parts[part][sub], part, sub });
  }
  const matches: (Candidate & { name: string; postal: string | null; state: string | null; place: Place })[] = [];
  const read = candidates.map((c) => localityOf(c.text));
  let stateHint: string | null = null;
  let statePostal: string | null = null;
  const states = new Set<number>();
  if (code === 'US') {
    // 'Springfield, Missouri 65806': a state written out after the town is the state, not a town
    // (GeoNames gives 'Missouri' as another name of a few towns); 'New York, NY' keeps its city.
    // Candidates run from the end, so a state is one with a town at a later index.
    for (let i = 0; i < candidates.length; i++) {
      const named = read[i].text.length >= 4 && !hasDigit(read[i].text) ? usStateNamed(read[i].text) : null;
      if (!named || !candidates.some((t, j) => j > i && t.part > 0 && t.part < candidates[i].part && lookup(code, read[j].text).length)) continue;
      states.add(i);
      stateHint ??= named;
      statePostal ??= read[i].postal;
    }
  }
  let words: Set<string> | undefined;
  const local: PlaceHints = {
    ...hints,
    state: hints.state ?? stateHint,
    words: () => (words ??= new Set(parts.flat().flatMap((s) => s.split(' ')))),
  };
  for (const [i, c] of candidates.entries()) {
    if (states.has(i)) continue;
    const { text, postal, state } = read[i];
    const places = lookup(code, text);
    if (!places.length) continue;
    const place = places.length === 1 && code !== 'US' ? places[0] : choosePlace(places, local, state);
    if (!place) continue;
    // 'CDMX', 'CABA': an abbreviation stands for the city; the city row takes its name.
    matches.push({ ...c, name: CITY_ALIASES[code]?.[foldName(text)] ? place.name : text, postal, state, place });
  }
  if (!matches.length) {
    // Written without commas: the last run of words that names a place.
    if (parts.length !== 1) return null;
    const line = parts[0].join(' ');
    for (const text of wordWindows(line)) {
      const place = choosePlace(lookup(code, text), { ...hints, words: () => new Set(line.split(' ')) });
      if (place) return inMetropolis({ city: text, place, district: null, state: null, postal: null });
    }
    return null;
  }
  // The street (the first part) only when nothing else names a place ('Moscow, Russia, 125009'),
  // or when a postal code shows it is no street ('06000 Ciudad de México, CDMX').
  const beyondStreet = matches.filter((m) => m.part > 0 || besidePostal(parts[m.part]));
  const pool = beyondStreet.length ? beyondStreet : matches;
  // A name beside a postal code is the locality in almost every country's layout ('S2000 Rosario,
  // Santa Fe'); otherwise the biggest place named, since the parts after a city are its state or
  // province ('Medellín, Antioquia') and the parts before it its districts.
  const best = pool.find((m) => besidePostal(parts[m.part])) ?? pool.reduce((a, b) => (b.place.population > a.place.population ? b : a));
  return inMetropolis({ city: best.name, place: best.place, district: districtBefore(code, parts, best, best.place), state: best.state, postal: best.postal ?? statePostal });
}

/** Whether a part has a postal code beside a name ('S2000 Rosario', '34710 Kadıköy/İstanbul'), not a house number alone ('1578 - Bela Vista'). */
function besidePostal(subs: string[]): boolean {
  return subs.some((sub) => {
    const { text, postal } = localityOf(sub);
    return postal !== null && postal.replace(/\W/g, '').length >= 4 && text.length >= 2;
  });
}

/** The district named just before the city: in the same part ('Kadıköy/İstanbul'), or the part before. */
function districtBefore(code: string, parts: string[][], at: Candidate, city: Place): string | null {
  const before: string[] = [];
  if (at.sub > 0) before.push(parts[at.part][at.sub - 1]);
  else if (at.part > 0) before.push(parts[at.part - 1][parts[at.part - 1].length - 1]);
  for (const raw of before) {
    const { text } = localityOf(raw);
    if (!text || text.length < 2) continue;
    if (at.sub > 0 || DISTRICT_SUFFIX.test(text)) return text;
    // Tokyo's wards call themselves cities: 'Shibuya City, Tokyo'.
    if (city.population >= METROPOLIS && / City$/.test(text) && at.part > 1) return text;
    // 'Av. Paulista, 1578 - Bela Vista, São Paulo': a neighbourhood after the house number.
    if (at.part > 0 && parts[at.part - 1].length > 1 && hasDigit(parts[at.part - 1][0])) return text;
    if (lookup(code, text).some((p) => p.id !== city.id && distanceKm(p, city) <= DISTRICT_RADIUS_KM)) return text;
  }
  return null;
}

/** A city section or a New York borough named alone belongs to the metropolis around it. */
function inMetropolis(found: Found): Found {
  const p = found.place;
  const borough = p.feature === 'PPLX' || (p.countryCode === 'US' && p.feature === 'PPLA2' && p.population >= BOROUGH_POPULATION);
  if (!borough) return found;
  const radius = p.feature === 'PPLX' ? DISTRICT_RADIUS_KM : BOROUGH_RADIUS_KM;
  // The biggest around it: New York City, not Brooklyn, owns the Bronx.
  const metropolis = countryPlaces(p.countryCode)
    .metropolises.filter((m) => m.id !== p.id && m.admin1 === p.admin1 && m.population > p.population && distanceKm(m, p) <= radius)
    .sort((a, b) => b.population - a.population)[0];
  if (!metropolis) return found;
  return { ...found, city: metropolis.name, place: metropolis, district: found.district ?? found.city };
}

/** Addresses without a country in a script that names it: Japanese kana or '〒', Korean Hangul. */
function scriptCountry(address: string): string | null {
  if (/[〒\p{Script=Hiragana}\p{Script=Katakana}]|[都道府県].*[市区町村]/u.test(address)) return 'JP';
  if (/\p{Script=Hangul}/u.test(address)) return 'KR';
  if (/香港|九龍|九龙/u.test(address)) return 'HK';
  // Traditional characters ('區', '臺') are Taiwan's; simplified ones the mainland's.
  if (/\p{Script=Han}.*[區臺]/u.test(address)) return 'TW';
  if (/\p{Script=Han}.*[省市区]/u.test(address)) return 'CN';
  if (/\p{Script=Thai}/u.test(address)) return 'TH';
  return null;
}

/**
 * An address written without commas ('801 E Monroe St Springfield IL 62701'): the last one to three
 * words before any postal code or state abbreviation, as candidates for the locality. Only at the
 * end, where every layout puts the town: 'London Road' names no town.
 */
function wordWindows(text: string): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  let end = words.length;
  while (end > 0 && (hasDigit(words[end - 1]) || isAbbreviation(words[end - 1]))) end--;
  const out: string[] = [];
  for (let len = Math.min(3, end); len >= 1; len--) {
    const run = words.slice(end - len, end);
    if (!run.some(hasDigit)) out.push(run.join(' '));
  }
  return out;
}

/** Countries that are one city: 'Singapore 018956' is both. */
const CITY_STATES = new Set(['SG', 'HK', 'MO', 'MC', 'VA', 'GI']);
/** How much more populous the first big city of a name must be than the next to be taken as meant. */
const UNMISTAKABLE = 5;

function worldCityCountry(parts: string[][]): string | null {
  const texts = parts.flatMap((subs) => subs.map((sub) => localityOf(sub).text)).reverse();
  // Without commas, the words themselves.
  if (parts.length === 1 && parts[0].length === 1) texts.push(...wordWindows(parts[0][0]));
  for (const text of texts) {
    {
      if (text.length < 3 || isAbbreviation(text)) continue;
      const [first, second] = named(worldCities(), foldName(text));
      if (first && (!second || first.population >= UNMISTAKABLE * second.population)) return first.countryCode;
      if (first) return null;
    }
  }
  return null;
}

function trailingPostal(parts: string[][]): string | null {
  for (let i = parts.length - 1; i >= Math.max(0, parts.length - 2); i--) {
    const whole = parts[i].join(' - ');
    if (isPostalOnly(whole)) return whole.replace(/^〒\s*/, '');
  }
  return null;
}

const countryCode = memo('country codes', (text: string) => countryCodeOf(text), 5_000);

