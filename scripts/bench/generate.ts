/**
 * Deterministic generated import files for the bench and the big tests: the same seed gives the
 * same bytes, and `changedEvery` alters every n-th row's review count so a re-import updates exactly those.
 */
import fs from 'node:fs';
import { once } from 'node:events';

export const CSV_HEADER = 'name,category,phone,full_address,postal_code,city,state,country,rating,reviews,photo,working_hours,about,place_id,location_link';

const CITIES = [
  ['Austin', 'TX', 'United States'], ['Denver', 'CO', 'United States'], ['Portland', 'OR', 'United States'],
  ['İstanbul', '', 'Türkiye'], ['İzmir', '', 'Türkiye'], ['Berlin', '', 'Germany'], ['Paris', '', 'France'],
  ['Madrid', '', 'Spain'], ['Toronto', 'ON', 'Canada'], ['Chicago', 'IL', 'United States'],
];
const CATEGORIES = ['Plumber', 'Electrician', 'Bakery', 'Café', 'Florist', 'Dentist', 'Hair Salon', 'Locksmith', 'Mechanic', 'Tailor'];
const WORDS = ['Ace', 'Bright', 'Çınar', 'Delta', 'Eagle', 'Fırat', 'Golden', 'Harbor', 'Iron', 'Jade', 'Kale', 'Lotus', 'Müller', 'North', 'Oak', 'Pine'];

const q = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/** Row i of the generated directory, as a CSV line. */
export function generatedLine(i: number, changed = false): string {
  const [city, state, country] = CITIES[i % CITIES.length];
  const category = CATEGORIES[(i >> 3) % CATEGORIES.length];
  const name = `${WORDS[i % WORDS.length]} ${WORDS[(i >> 4) % WORDS.length]} ${category} ${i}`;
  const postal = String(10000 + (i % 89999));
  const address = `${(i % 900) + 1} Main St, ${city}${state ? `, ${state}` : ''} ${postal}, ${country}`;
  const rating = ((i % 9) * 0.5 + 1).toFixed(1);
  const placeId = `ChIJ${i.toString(36).padStart(8, '0')}gen`;
  return [
    name, category, `+1 555 ${String(i % 10_000_000).padStart(7, '0')}`, address, postal, city, state, country, rating,
    String(((i * 7) % 5000) + (changed ? 1 : 0)), '', '{"Monday":"9AM-5PM","Sunday":"Closed"}', `${name} serves ${city} with care.`, placeId,
    `https://www.google.com/maps/place/?q=place_id:${placeId}`,
  ].map(q).join(',');
}

/** `rows` rows from row `from` (default 0): rows past another file's end are businesses it does not have. */
export async function writeGeneratedCsv(file: string, rows: number, options: { changedEvery?: number; from?: number } = {}): Promise<void> {
  const out = fs.createWriteStream(file);
  out.write(CSV_HEADER + '\n');
  let chunk = '';
  const from = options.from ?? 0;
  for (let i = from; i < from + rows; i++) {
    chunk += generatedLine(i, options.changedEvery ? i % options.changedEvery === 0 : false) + '\n';
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk);
  await once(out, 'finish');
}
