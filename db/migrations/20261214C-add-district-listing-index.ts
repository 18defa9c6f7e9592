import type { Knex } from 'knex';

/**
 * A category in a district lists its active businesses in the listing's order. The city and
 * category's listing index carries the district, but only as a column to filter on: a district
 * of a big city's big category (Queens' restaurants, a tenth of New York's) was found by walking
 * or bitmapping the whole city's category and sorting what was left, a heap page per entry
 * (docs/performance.md, "A category in a district's walk and counts"). Keyed by the district too,
 * its page is the first entries of one index. Only businesses with a district are in it (a
 * fiftieth of the generated million): an import pays for it only on those rows. `district IS NOT
 * NULL` is implied by the page's `district = $n` even in a generic plan, where a test of its value
 * (`<> ''`) could not be proven. The week rides along, as in the other listing indexes, so an
 * open-now page of a district is an index-only walk too.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `CREATE INDEX IF NOT EXISTS businesses_district_listing_idx ON businesses (city_id, category_id, district, rating DESC, review_count DESC, id)
       INCLUDE (open_week) WHERE is_active AND district IS NOT NULL`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS businesses_district_listing_idx');
}
