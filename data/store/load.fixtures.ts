/** For tests of the loader and the business writes: a valid BusinessInput with defaults. */
import type { Db } from '../../db/index.js';
import type { BusinessInput } from '../../domain/business-columns.js';

export function biz(o: Partial<BusinessInput> & { name: string }): BusinessInput {
  const address = o.address ?? `1 ${o.name} Street, Austin, TX 78701, United States`;
  const placeId = o.placeId === undefined ? null : o.placeId;
  return {
    rowNumber: 2,
    identityKey: placeId ? `p:${placeId}` : `n:${o.name.toLowerCase()}|${address.toLowerCase()}`,
    address,
    postalCode: null,
    city: 'Austin',
    state: 'TX',
    country: 'United States',
    category: 'Plumber',
    phone: null,
    email: null,
    website: null,
    rating: 4.5,
    reviewCount: 10,
    about: null,
    description: null,
    workingHours: null,
    businessHours: {},
    photo: null,
    placeId,
    locationLink: null,
    services: [],
    district: null,
    countryCode: 'US',
    coordinatesApproximate: false,
    cityPlace: null,
    latitude: null,
    longitude: null,
    isVerified: false,
    ...o,
  };
}

/** A full recount of every kept count: UPDATEs of business_count that touch only the rows that differ, and a SELECT of them. */
const RECOUNT_SQL = [
  `UPDATE cities c SET business_count = x.n
     FROM (SELECT c2.id, count(b.id)::int AS n FROM cities c2 LEFT JOIN businesses b ON b.city_id = c2.id AND b.is_active GROUP BY c2.id) x
    WHERE c.id = x.id AND c.business_count <> x.n`,
  `UPDATE categories c SET business_count = x.n
     FROM (SELECT c2.id, count(b.id)::int AS n FROM categories c2 LEFT JOIN businesses b ON b.category_id = c2.id AND b.is_active GROUP BY c2.id) x
    WHERE c.id = x.id AND c.business_count <> x.n`,
  `UPDATE countries c SET business_count = x.n
     FROM (SELECT c2.id, count(b.id)::int AS n FROM countries c2 LEFT JOIN businesses b ON b.country = c2.name AND b.is_active GROUP BY c2.id) x
    WHERE c.id = x.id AND c.business_count <> x.n`,
  // The kept counts per category in a city and their country: the rows that differ (none is changed).
  `SELECT 1 FROM (SELECT city_id, category_id, count(*)::int AS n FROM businesses WHERE is_active AND city_id IS NOT NULL AND category_id IS NOT NULL GROUP BY 1, 2) x
     FULL JOIN (SELECT * FROM city_category_counts WHERE n <> 0) k USING (city_id, category_id)
     LEFT JOIN cities c ON c.id = coalesce(x.city_id, k.city_id)
    WHERE x.n IS DISTINCT FROM k.n OR k.country IS DISTINCT FROM c.country`,
  // The kept counts per category in a country (their cities' country): the rows that differ.
  `SELECT 1 FROM (SELECT c.country, b.category_id, count(*)::int AS n FROM businesses b JOIN cities c ON c.id = b.city_id
                   WHERE b.is_active AND b.category_id IS NOT NULL AND c.country IS NOT NULL GROUP BY 1, 2) x
     FULL JOIN (SELECT * FROM country_category_counts WHERE n <> 0) q USING (country, category_id)
    WHERE x.n IS DISTINCT FROM q.n`,
];

/**
 * How many kept counts (cities, categories, countries, categories in a city and in a country) differ from a recount
 * of the active businesses; 0 when every write moved them exactly. Changes nothing (rolled back).
 */
export async function countDrift(db: Db): Promise<number> {
  let drift = 0;
  await db
    .transaction(async (trx) => {
      for (const sql of RECOUNT_SQL) drift += (await trx.raw(sql)).rowCount ?? 0;
      await trx.rollback();
    })
    .catch(() => {});
  return drift;
}
