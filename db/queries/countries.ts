import type { Db } from '../index.js';
import type { CityCategoryLink, Country, CountryCategoryLink, CountryDetail } from '../../domain/types.js';
import { CITY_SELECT, toCity, type CityRow } from './cities.js';
import { cityCategoryLinksJson } from './city-categories.js';
import { countryCategoryLinks } from './country-categories.js';
import { SEEN_VERSION } from '../data-version.js';

interface CountryRow {
  id: number;
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

/** getCountrySummary's statement, prepared once per connection: one row whether or not the slug is found. */
const COUNTRY_SUMMARY = {
  name: 'rehber_country_summary',
  sql: `SELECT ${SEEN_VERSION} AS data_version, c.* FROM (SELECT 1) one
    LEFT JOIN LATERAL (SELECT id, name, slug, business_count FROM countries WHERE slug = ? LIMIT 1) c ON true`,
};

/** What a read of one country found: the country (null: no country has the slug), its id (which its answer does not carry), and the data version the statement saw. */
export interface CountryRead<T> {
  country: T | null;
  id: number | null;
  version: string | null;
}

/** A country by its slug, without its cities. */
export async function getCountrySummary(db: Db, slug: string): Promise<CountryRead<Country>> {
  const { rows } = await db.raw(COUNTRY_SUMMARY.sql, [slug]).options({ name: COUNTRY_SUMMARY.name });
  const row = rows[0] as CountryRow & { data_version: string | null };
  return { country: row.name === null ? null : toCountry(row), id: row.id, version: row.data_version };
}

/** How many links a country's page gives: to its top categories in a city, and to its categories in it. */
export type CountryLimits = { cities: number; countries: number };

/** A read of a country's page: as CountryRead, with the ids of the categories its links name (which its answer does not carry). */
export interface CountryPageRead extends CountryRead<CountryDetail> {
  categoryIds: number[];
}

/** A link as the page's statement reads it: with its category's id. */
type Noted<L> = L & { categoryId: number };

/**
 * A country by its slug with its cities and its links (categories in a city that are pages, with at
 * least `min` active businesses, and its categories in it), and the data version it saw, in one
 * statement: one snapshot for all of it (a write committed while it is read is in none of it or in
 * all of it), without a transaction's BEGIN and COMMIT around several statements. The country is
 * `cy`: the links' statements name their own tables co, ci, ca, k, g and q.
 */
export async function getCountryPage(db: Db, slug: string, min: number, limits: CountryLimits): Promise<CountryPageRead> {
  const { rows } = await db.raw(
    `SELECT ${SEEN_VERSION} AS data_version, c.* FROM (SELECT 1) one LEFT JOIN LATERAL (
       SELECT cy.id, cy.name, cy.slug, cy.business_count,
              (SELECT coalesce(json_agg(t ORDER BY t.business_count DESC, t.name), '[]')
                 FROM (SELECT ${CITY_SELECT.join(', ')} FROM cities WHERE country = cy.name AND business_count > 0) t) AS cities,
              ${cityCategoryLinksJson('k.country = cy.name', { categoryId: true })} AS city_links,
              (SELECT coalesce(json_agg(l ORDER BY l.count DESC, l.country, l.category), '[]') FROM (${countryCategoryLinks('q.country = cy.name', { categoryId: true })}) l) AS country_links
         FROM countries cy WHERE cy.slug = ? LIMIT 1) c ON true`,
    [min, limits.cities, min, limits.countries, slug],
  );
  const row = rows[0] as CountryRow & { data_version: string | null; cities: CityRow[]; city_links: Noted<CityCategoryLink>[]; country_links: Noted<CountryCategoryLink>[] };
  if (row.name === null) return { country: null, id: null, version: row.data_version, categoryIds: [] };
  const ids = new Set<number>();
  // The answer keeps the API's shape: the id goes beside it.
  const noted = <L>({ categoryId, ...link }: Noted<L>): L => {
    ids.add(categoryId);
    return link as L;
  };
  const country = { ...toCountry(row), cities: row.cities.map(toCity), cityCategories: row.city_links.map(noted), countryCategories: row.country_links.map(noted) };
  return { country, id: row.id, version: row.data_version, categoryIds: [...ids].sort((a, b) => a - b) };
}

/** The stored names of every country with businesses, most businesses first. */
export async function listCountryNames(db: Db): Promise<string[]> {
  return (await db('countries').where('business_count', '>', 0).orderBy([{ column: 'business_count', order: 'desc' }, { column: 'name' }]).pluck('name')) as string[];
}
