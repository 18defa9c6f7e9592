/**
 * Deterministic generated import files for the bench and the big tests: the same seed gives the
 * same bytes, and `changedEvery` alters every n-th row's review count so a re-import updates exactly those.
 *
 * The directory is shaped like the world, not like a sample: its businesses are spread over the
 * gazetteer's 4,442 cities of 100,000 people or more in 171 countries, each in proportion to its
 * population (Shanghai, the biggest, holds about 1.1%), so search, city pages, facets and the
 * vocabulary meet thousands of cities and their alternate names in many scripts. Categories are
 * skewed as real ones are (a Zipf law over 100: the first holds about a fifth of the businesses),
 * and each phone number is a valid one of its city's country. A business's name is two of
 * sixteen words, its category and its row number: the words stay broad, the number makes it unique.
 */
import fs from 'node:fs';
import { once } from 'node:events';
import { getCountryCallingCode, getExampleNumber, type CountryCode } from 'libphonenumber-js/min';
import examples from 'libphonenumber-js/mobile/examples';
import { placesOf, worldCities } from '../../data/places/gazetteer.js';
import { countryName } from '../../data/places/countries.js';

export const CSV_HEADER = 'name,category,phone,full_address,postal_code,city,state,country,rating,reviews,photo,working_hours,about,place_id,location_link';

/** Google Maps categories, the most common first. */
export const CATEGORIES = [
  'Restaurant', 'Plumber', 'Hair Salon', 'Café', 'Dentist', 'Bakery', 'Electrician', 'Florist', 'Mechanic', 'Tailor',
  'Pharmacy', 'Supermarket', 'Locksmith', 'Barber Shop', 'Hotel', 'Gym', 'Lawyer', 'Accountant', 'Real Estate Agency', 'Car Wash',
  'Pizza Restaurant', 'Beauty Salon', 'Veterinarian', 'Bookstore', 'Clothing Store', 'Shoe Store', 'Furniture Store', 'Hardware Store', 'Optician', 'Dry Cleaner',
  'Butcher Shop', 'Grocery Store', 'Coffee Shop', 'Bar', 'Fast Food Restaurant', 'Ice Cream Shop', 'Jewelry Store', 'Pet Store', 'Toy Store', 'Electronics Store',
  'Mobile Phone Shop', 'Computer Repair Service', 'Printing Shop', 'Travel Agency', 'Insurance Agency', 'Bank', 'Driving School', 'Language School', 'Kindergarten', 'Music School',
  'Yoga Studio', 'Dance School', 'Physiotherapist', 'Chiropractor', 'Psychologist', 'Pediatrician', 'Dermatologist', 'Medical Laboratory', 'Hospital', 'Clinic',
  'Car Dealer', 'Car Rental Agency', 'Tire Shop', 'Auto Parts Store', 'Gas Station', 'Parking Garage', 'Moving Company', 'Cleaning Service', 'Painter', 'Roofing Contractor',
  'Carpenter', 'Glazier', 'HVAC Contractor', 'Landscaper', 'Pest Control Service', 'Photographer', 'Wedding Planner', 'Event Venue', 'Catering Service', 'Tattoo Shop',
  'Nail Salon', 'Spa', 'Massage Therapist', 'Laundromat', 'Shoe Repair Shop', 'Watch Repair Shop', 'Bicycle Shop', 'Sporting Goods Store', 'Stationery Store', 'Gift Shop',
  'Art Gallery', 'Museum', 'Cinema', 'Night Club', 'Hostel', 'Guest House', 'Notary', 'Architect', 'Interior Designer', 'Web Designer',
];
/**
 * The weeks the businesses keep, by row modulo their count: office hours, shops, every day, round the
 * clock, a lunch break, closed on Mondays, nights past midnight, and Google's JSON. Varied so that
 * "open now" lists are not empty most of the week and the importer reads every format it meets.
 */
export const WEEKS = [
  'Mon-Fri 09:00-18:00',
  'Mon-Sat 08:00-20:00, Sun closed',
  'Daily 07:00-23:00',
  'Open 24 hours',
  'Mon-Fri 09:00-12:00, 14:00-18:00',
  'Tue-Sun 12:00-22:00 | Mon closed',
  'Fri-Sat 18:00-02:00',
  '{"Monday":"9AM-5PM","Sunday":"Closed"}',
];
const WORDS = ['Ace', 'Bright', 'Çınar', 'Delta', 'Eagle', 'Fırat', 'Golden', 'Harbor', 'Iron', 'Jade', 'Kale', 'Lotus', 'Müller', 'North', 'Oak', 'Pine'];

/** A 32-bit hash of (i, salt), uniform enough to draw a city or a category from. */
function draw(i: number, salt: number): number {
  let h = Math.imul(i ^ salt, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 2 ** 32;
}

/** The index of the first cumulative weight above u (0 ≤ u < 1, weights summing to 1). */
function pickIndex(cumulative: Float64Array, u: number): number {
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid] > u) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function cumulativeOf(weights: number[]): Float64Array {
  const total = weights.reduce((s, w) => s + w, 0);
  const out = new Float64Array(weights.length);
  let sum = 0;
  weights.forEach((w, i) => (out[i] = sum += w / total));
  return out;
}

interface GeneratedCity {
  name: string;
  /** The US state's abbreviation; empty elsewhere (GeoNames' division numbers are no one's address). */
  state: string;
  country: string;
  /** A valid mobile number of the country with its last four digits left to the row, as '+CC NNN…'. */
  phoneStem: string;
  latitude: number;
  longitude: number;
}

let world: { cities: GeneratedCity[]; cityWeights: Float64Array; categoryWeights: Float64Array } | null = null;

function theWorld() {
  if (world) return world;
  const places = placesOf(worldCities()).sort((a, b) => b.population - a.population || a.id - b.id);
  const stems = new Map<string, string>();
  const stemOf = (code: string) => {
    let stem = stems.get(code);
    if (stem === undefined) {
      const example = getExampleNumber(code as CountryCode, examples);
      stem = example ? `+${getCountryCallingCode(code as CountryCode)} ${example.nationalNumber.slice(0, -4)}` : '+1 555 0';
      stems.set(code, stem);
    }
    return stem;
  };
  const cities = places.map((p) => ({
    name: p.name,
    state: p.countryCode === 'US' ? p.admin1 : '',
    country: countryName(p.countryCode),
    phoneStem: stemOf(p.countryCode),
    latitude: p.latitude,
    longitude: p.longitude,
  }));
  world = {
    cities,
    cityWeights: cumulativeOf(places.map((p) => p.population)),
    categoryWeights: cumulativeOf(CATEGORIES.map((_, k) => 1 / (k + 1))),
  };
  return world;
}

const q = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/**
 * Row i's Google Maps link. Nine in ten carry the business's own spot (a Maps URL's `query=lat,lng`),
 * within about 14 km of its city's centre; the tenth only its place id, so it is placed at its
 * city's centre, marked approximate, as businesses without coordinates are.
 */
function mapsLink(i: number, placeId: string, latitude: number, longitude: number): string {
  if (i % 10 === 0) return `https://www.google.com/maps/place/?q=place_id:${placeId}`;
  const lat = Math.max(-89.9, Math.min(89.9, latitude + (draw(i, 0x1a7) - 0.5) * 0.25));
  const lng = ((longitude + (draw(i, 0x10a) - 0.5) * 0.25 + 540) % 360) - 180;
  return `https://www.google.com/maps/search/?api=1&query=${lat.toFixed(6)},${lng.toFixed(6)}&query_place_id=${placeId}`;
}

/** Row i of the generated directory, as a CSV line. */
export function generatedLine(i: number, changed = false): string {
  const { cities, cityWeights, categoryWeights } = theWorld();
  const { name: city, state, country, phoneStem, latitude, longitude } = cities[pickIndex(cityWeights, draw(i, 0x51ed))];
  const category = CATEGORIES[pickIndex(categoryWeights, draw(i, 0xca7e))];
  const name = `${WORDS[i % WORDS.length]} ${WORDS[(i >> 4) % WORDS.length]} ${category} ${i}`;
  const postal = String(10000 + (i % 89999));
  const address = `${(i % 900) + 1} Main St, ${city}${state ? `, ${state}` : ''} ${postal}, ${country}`;
  const rating = ((i % 9) * 0.5 + 1).toFixed(1);
  const placeId = `ChIJ${i.toString(36).padStart(8, '0')}gen`;
  return [
    name, category, `${phoneStem}${String(i % 10_000).padStart(4, '0')}`, address, postal, city, state, country, rating,
    String(((i * 7) % 5000) + (changed ? 1 : 0)), '', WEEKS[(i + 1) % WEEKS.length], `${name} serves ${city} with care.`, placeId,
    mapsLink(i, placeId, latitude, longitude),
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
