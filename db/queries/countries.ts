import type { Db } from '../index.js';
import type { Country, CountryDetail } from '../../domain/types.js';
import { listCitiesOfCountry } from './cities.js';

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
export async function getCountryBySlug(db: Db, slug: string): Promise<Omit<CountryDetail, 'cityCategories' | 'countryCategories'> | null> {
  const row = await db('countries').select('name', 'slug', 'business_count').where({ slug }).first();
  if (!row) return null;
  return { ...toCountry(row), cities: await listCitiesOfCountry(db, row.name) };
}

/** The stored names of every country with businesses, most businesses first. */
export async function listCountryNames(db: Db): Promise<string[]> {
  return (await db('countries').where('business_count', '>', 0).orderBy([{ column: 'business_count', order: 'desc' }, { column: 'name' }]).pluck('name')) as string[];
}
