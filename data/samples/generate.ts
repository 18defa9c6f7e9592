/**
 * Writes data/samples/businesses.csv, the bundled sample directory, from a seeded PRNG so every run
 * gives the same bytes: `npx tsx data/samples/generate.ts`. The file is committed; this script is
 * how it was made and how to change it.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CSV_BOM, csvRecords } from '../export/csv-writer.js';
import { slugifyText } from '../../domain/slug.js';
import { CATEGORIES, COUNTRIES, FIXED_NAMES, type SampleCountry } from './places.js';
import { prng } from '../../domain/random.js';

export const SAMPLE_COLUMNS = [
  'name', 'category', 'phone', 'full_address', 'postal_code', 'city', 'state', 'country', 'rating', 'reviews',
  'photo', 'working_hours', 'about', 'place_id', 'location_link', 'email', 'website', 'services', 'is_verified',
] as const;

export type SampleRow = Record<(typeof SAMPLE_COLUMNS)[number], string>;


const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const PLAIN_HOURS = ['Mon-Fri 9-17; Sat 10-14', 'Mon-Sat 08:00-20:00, Sun closed', 'Daily 7-23', 'Tue-Sun 12:00-22:00 | Mon closed', '24 hours', 'By appointment'];
const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

export function generateSample(count = 2000, seed = 20261121): SampleRow[] {
  const rand = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];
  const int = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
  const seen = new Set<string>();
  const rows: SampleRow[] = [];

  for (let i = 0; i < count; i++) {
    const fixed = FIXED_NAMES[i];
    // The United States and Türkiye carry two fifths of the directory; the rest share the remainder.
    const country: SampleCountry = fixed
      ? COUNTRIES.find((c) => c.name === fixed.country)!
      : rand() < 0.2 ? COUNTRIES[0] : rand() < 0.25 ? COUNTRIES[1] : pick(COUNTRIES.slice(2));
    const city = fixed ? country.cities.find((c) => c.name === fixed.city)! : pick(country.cities);
    const category = fixed ? CATEGORIES.find((c) => c.name === fixed.category)! : pick(CATEGORIES);
    const district = city.districts ? pick(city.districts) : null;
    const word = category.words[country.lang];
    const owner = pick(country.owners);
    const name = fixed?.name ?? pick(nameTemplates(country.lang, owner, word, district ?? city.name))();

    const postal = country.postal(rand);
    const hasPlaceId = i === 0 || rand() > 0.08;
    let address: string;
    // Without a place id the (name, address) pair is the identity: keep it unique in the sample.
    do {
      address = formatAddress(country, city, district, pick(country.streets), int(1, 250), postal);
    } while (!hasPlaceId && seen.has(`${name}|${address}`));
    seen.add(`${name}|${address}`);

    const placeId = hasPlaceId ? 'ChIJ' + Array.from({ length: 23 }, () => pick([...ID_CHARS])).join('') : '';
    const zero = rand() < 0.05;
    const rating = zero ? 0 : Math.min(5, Math.round((2.5 + rand() * 2.6) * 10) / 10);
    const reviews = zero ? 0 : Math.floor(Math.pow(rand(), 2) * 2500) + 1;
    const domain = `${slugifyText(name) || 'business'}-${i}.example`;
    const services = Array.from(new Set([pick(category.services), pick(category.services), pick(category.services)]));

    rows.push({
      name,
      category: category.name,
      phone: rand() < 0.92 ? country.phone(rand) : '',
      full_address: address,
      postal_code: postal,
      city: city.name,
      state: city.state ?? '',
      country: country.name,
      rating: String(rating),
      reviews: String(reviews),
      photo: '', // no photo hosts: a new user's first look works offline, and the site calls no other host
      working_hours: workingHours(rand, pick),
      about: rand() < 0.1 ? '' : about(country, name, category.name, city.name, services, rand),
      place_id: placeId,
      location_link: placeId
        ? `https://www.google.com/maps/place/?q=place_id:${placeId}`
        : `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${name}, ${address}`)}`,
      email: rand() < 0.6 ? `info@${domain}` : '',
      website: rand() < 0.55 ? `${rand() < 0.8 ? 'https' : 'http'}://www.${domain}` : '',
      services: services.join(', '),
      is_verified: rand() < 0.4 ? 'true' : 'false',
    });
  }
  return rows;
}

function nameTemplates(lang: SampleCountry['lang'], owner: string, word: string, place: string): Array<() => string> {
  switch (lang) {
    case 'tr':
      return [() => `${owner} ${word}`, () => `${place} ${word}`, () => `${owner} ${word} ve Ticaret`];
    case 'de':
      return [() => `${owner} ${word}`, () => `${word} ${owner}`, () => `${word} ${place}`];
    case 'fr':
      return [() => `${word} ${owner}`, () => `${word} de ${place}`, () => `Le ${word} d'${owner}`];
    case 'es':
      return [() => `${word} ${owner}`, () => `${word} ${place}`, () => `${word} Hermanos ${owner}`];
    default:
      return [() => `${owner} ${word}`, () => `${place} ${word}`, () => `${owner} & Sons ${word}`];
  }
}

function formatAddress(
  country: SampleCountry, city: { name: string; state?: string }, district: string | null, street: string, num: number, postal: string,
): string {
  switch (country.style) {
    case 'us':
      return `${num} ${street}, ${city.name}, ${city.state} ${postal}, ${country.name}`;
    case 'tr':
      return `${street} No:${num}, ${postal} ${district ?? city.name}/${city.name}, ${country.name}`;
    case 'uk':
      return `${num} ${street}, ${city.name} ${postal}, ${country.name}`;
    default:
      return `${street} ${num}, ${postal} ${city.name}, ${country.name}`;
  }
}

function workingHours(rand: () => number, pick: <T>(list: readonly T[]) => T): string {
  const r = rand();
  if (r < 0.45) {
    const open = pick(['8AM', '9AM', '10AM']);
    const close = pick(['5PM', '6PM', '7PM', '9PM']);
    const week: Record<string, string> = {};
    for (const day of DAYS) week[day] = `${open}-${close}`;
    week.Saturday = rand() < 0.5 ? '10AM-2PM' : 'Closed';
    week.Sunday = 'Closed';
    return JSON.stringify(week);
  }
  if (r < 0.8) return pick(PLAIN_HOURS);
  return '';
}

function about(country: SampleCountry, name: string, category: string, city: string, services: string[], rand: () => number): string {
  const list = services.join(', ').toLowerCase();
  if (country.lang === 'tr') {
    return rand() < 0.5
      ? `${name}, ${city} şehrinde güvenilir hizmet sunar: ${list}.`
      : `${name} yıllardır ${city} ilinde müşterilerine ${list} hizmetleri veriyor. Güler yüzlü ekibimiz ve uygun fiyatlarımızla sizi bekliyoruz; randevu için bizi arayın.`;
  }
  return rand() < 0.5
    ? `${name} is a ${category.toLowerCase()} in ${city} offering ${list}.`
    : `${name} has served ${city} for years as a trusted ${category.toLowerCase()}. We offer ${list}, friendly service and fair prices. Call us or drop by; walk-ins are always welcome.`;
}

/** The sample file's text: written by the one CSV writer, like every CSV rehber writes. */
export function sampleCsv(rows: SampleRow[]): string {
  return CSV_BOM + csvRecords([SAMPLE_COLUMNS, ...rows.map((row) => SAMPLE_COLUMNS.map((column) => row[column]))]);
}

// Run as a script: write the committed sample file.
if (process.argv[1] && fileURLToPath(import.meta.url) === fs.realpathSync(process.argv[1])) {
  const rows = generateSample();
  const out = fileURLToPath(new URL('./businesses.csv', import.meta.url));
  fs.writeFileSync(out, sampleCsv(rows));
  console.log(`wrote ${rows.length} rows to ${out}`);
}
