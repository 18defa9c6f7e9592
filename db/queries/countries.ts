import type { Knex } from 'knex';
import type { Db } from '../index.js';
import type { Country, CountryDetail } from '../../domain/types.js';
import { listCitiesOfCountry } from './cities.js';
import { listCityCategories } from './city-categories.js';
import { listCountryCategories } from './country-categories.js';

interface CountryRow {
  name: string;
  slug: string;
  business_count: number;
}

const toCountry = (r: CountryRow): Country => ({ name: r.name, slug: r.slug, businessCount: r.business_count });

/** Every country with at least one business, most businesses first. */
export async function listCountries(db: Db): Promise<Country[]> {
  const rows = await db('countries')
    .select('name', 'slug', 'business_count')
    .where('business_count', '>', 0)
    .orderBy([{ column: 'business_count', order: 'desc' }, { column: 'name' }]);
  return rows.map(toCountry);
}

/** A country by its slug, without its cities. */
export async function getCountrySummary(db: Db, slug: string): Promise<Country | null> {
  const row = await db('countries').select('name', 'slug', 'business_count').where({ slug }).first();
  return row ? toCountry(row) : null;
}

/** A country by its slug (from the countries table) with its cities. */
export async function getCountryBySlug(db: Db | Knex.Transaction, slug: string): Promise<Omit<CountryDetail, 'cityCategories' | 'countryCategories'> | null> {
  const row = await db('countries').select('name', 'slug', 'business_count').where({ slug }).first();
  if (!row) return null;
  return { ...toCountry(row), cities: await listCitiesOfCountry(db, row.name) };
}

/** How many links a country's page gives: to its top categories in a city, and to its categories in it. */
export type CountryLimits = { cities: number; countries: number };

/**
 * A country by its slug with its cities and its links (categories in a city that are pages, with at
 * least `min` active businesses, and its categories in it), read in one snapshot: its statements
 * follow one another, and a write committed between two of them would give a page whose counts
 * and links are of two versions of the data, kept as one until the next write.
 */
export async function getCountryPage(db: Db, slug: string, min: number, limits: CountryLimits): Promise<CountryDetail | null> {
  return db.transaction(
    async (trx) => {
      const country = await getCountryBySlug(trx, slug);
      if (!country) return null;
      const cityCategories = await listCityCategories(trx, { country: country.name }, min, limits.cities);
      const countryCategories = await listCountryCategories(trx, { country: country.name }, min, limits.countries);
      return { ...country, cityCategories, countryCategories };
    },
    { isolationLevel: 'repeatable read', readOnly: true },
  );
}

/** The stored names of every country with businesses, most businesses first. */
export async function listCountryNames(db: Db): Promise<string[]> {
  return (await db('countries').where('business_count', '>', 0).orderBy([{ column: 'business_count', order: 'desc' }, { column: 'name' }]).pluck('name')) as string[];
}
