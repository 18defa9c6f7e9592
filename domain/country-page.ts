/**
 * A country as its page shows it: its name and counts, its links to its categories, and of each
 * city only what its card or its plain link draws. The server render's data island and the
 * browser's cache keep the country so: its answer carried every city whole (its id, its country's
 * name again, its creation date), drawn by nothing on the page, and a big country has hundreds.
 */
import type { City, CountryDetail } from './types.js';

/** What a country page draws of one of its cities (a card, or a link with its count). */
export type CountryCity = Pick<City, 'slug' | 'name' | 'state' | 'businessCount'>;

/** A country's answer with its cities narrowed to what its page draws (the rest of it as it was). */
export type CountryPage = Omit<CountryDetail, 'cities'> & { cities: CountryCity[] };

/** `detail` as its page keeps it. Each city written as one literal in one order, so every city has the same keys. */
export function countryPage(detail: CountryDetail): CountryPage {
  return { ...detail, cities: detail.cities.map((c) => ({ slug: c.slug, name: c.name, state: c.state, businessCount: c.businessCount })) };
}
