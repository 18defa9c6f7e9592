import type { Knex } from 'knex';

/**
 * Places backed by the gazetteer (data/places): a city is one GeoNames place whatever its spelling
 * ('München' and 'Munich'), with its coordinates and every name it is known by; a business keeps
 * its district, its country's ISO code and whether its coordinates are only its city's centre.
 * Cities the gazetteer does not know keep the old identity (name, state, country).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('businesses', (t) => {
    t.text('district');
    t.text('country_code');
    t.boolean('coordinates_approximate').notNullable().defaultTo(false);
  });
  await knex.schema.alterTable('cities', (t) => {
    t.integer('geoname_id');
    t.text('country_code');
    t.double('latitude');
    t.double('longitude');
    // Every name of the place, folded and space-separated between bars: '|munich|munchen|monaco di baviera|'.
    t.text('alt_names').notNullable().defaultTo('');
  });
  await knex.schema.alterTable('countries', (t) => {
    t.text('code');
  });
  await knex.raw('DROP INDEX cities_identity_idx');
  await knex.raw(`CREATE UNIQUE INDEX cities_identity_idx ON cities (lower(name), lower(coalesce(state, '')), lower(country)) WHERE geoname_id IS NULL`);
  await knex.raw('CREATE UNIQUE INDEX cities_geoname_idx ON cities (geoname_id)');
  await knex.raw('CREATE INDEX countries_code_idx ON countries (code)');
  await knex.raw('CREATE INDEX businesses_district_idx ON businesses (lower(district)) WHERE district IS NOT NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX businesses_district_idx');
  await knex.raw('DROP INDEX countries_code_idx');
  await knex.raw('DROP INDEX cities_geoname_idx');
  await knex.raw('DROP INDEX cities_identity_idx');
  await knex.raw(`CREATE UNIQUE INDEX cities_identity_idx ON cities (lower(name), lower(coalesce(state, '')), lower(country))`);
  await knex.schema.alterTable('countries', (t) => t.dropColumn('code'));
  await knex.schema.alterTable('cities', (t) => {
    for (const c of ['geoname_id', 'country_code', 'latitude', 'longitude', 'alt_names']) t.dropColumn(c);
  });
  await knex.schema.alterTable('businesses', (t) => {
    for (const c of ['district', 'country_code', 'coordinates_approximate']) t.dropColumn(c);
  });
}
