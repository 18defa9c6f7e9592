import type { Knex } from 'knex';

/**
 * The whole schema of the directory plus the tables later work stands on: sessions, imports,
 * sitemap files and generations, login attempts. Columns are snake_case; db/queries map them
 * to the camelCase shapes of the API.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  await knex.raw('CREATE EXTENSION IF NOT EXISTS pgcrypto');

  await knex.schema.createTable('users', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('username').notNullable().unique();
    t.text('password').notNullable(); // an argon2id hash, never the password
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('categories', (t) => {
    t.increments('id');
    t.text('name').notNullable().unique();
    t.text('slug').notNullable().unique();
    t.text('description');
    t.integer('business_count').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('countries', (t) => {
    t.increments('id');
    t.text('name').notNullable().unique();
    t.text('slug').notNullable().unique();
    t.integer('business_count').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('cities', (t) => {
    t.increments('id');
    t.text('name').notNullable();
    t.text('state');
    t.text('country').notNullable().defaultTo('United States');
    t.integer('business_count').notNullable().defaultTo(0);
    t.text('slug').notNullable().unique();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  // One city per (name, state, country), whatever the case: imports find or create by this key.
  await knex.raw(`CREATE UNIQUE INDEX cities_identity_idx ON cities (lower(name), lower(coalesce(state, '')), lower(country))`);
  await knex.raw('CREATE INDEX cities_country_idx ON cities (country)');
  await knex.raw('CREATE INDEX cities_business_count_idx ON cities (business_count DESC)');

  await knex.schema.createTable('businesses', (t) => {
    t.bigIncrements('id');
    t.text('name').notNullable();
    t.text('slug').notNullable().unique();
    t.text('description');
    t.integer('category_id').references('categories.id').onDelete('SET NULL');
    t.integer('city_id').references('cities.id').onDelete('SET NULL');
    t.text('address').notNullable();
    t.text('postal_code');
    t.text('state');
    t.text('country');
    t.text('phone');
    t.text('email');
    t.text('website');
    t.decimal('rating', 3, 2).notNullable().defaultTo(0);
    t.integer('review_count').notNullable().defaultTo(0);
    t.text('about');
    t.text('working_hours');
    t.text('photo');
    t.text('location_link');
    t.text('place_id').unique();
    t.double('latitude');
    t.double('longitude');
    t.boolean('is_verified').notNullable().defaultTo(false);
    t.boolean('is_active').notNullable().defaultTo(true);
    t.specificType('images', 'text[]').notNullable().defaultTo('{}');
    t.jsonb('business_hours').notNullable().defaultTo('{}');
    t.specificType('services', 'text[]').notNullable().defaultTo('{}');
    // 'p:' || place_id, or 'n:' || normalised name and address: the import identity.
    t.text('identity_key').notNullable().unique();
    // md5 of the imported values, so a re-import can tell unchanged rows without rewriting them.
    t.text('content_hash');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  // array_to_string is only STABLE; this wrapper lets the search text be a generated column.
  await knex.raw(`
    CREATE FUNCTION rehber_search_text(name text, about text, description text, services text[])
    RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
    $$ SELECT coalesce(name, '') || ' ' || coalesce(about, '') || ' ' || coalesce(description, '') || ' ' || coalesce(array_to_string(services, ' '), '') $$`);
  await knex.raw(`
    ALTER TABLE businesses ADD COLUMN search_vector tsvector
    GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, rehber_search_text(name, about, description, services))) STORED`);
  await knex.raw('CREATE INDEX businesses_search_idx ON businesses USING gin (search_vector)');
  await knex.raw('CREATE INDEX businesses_name_trgm_idx ON businesses USING gin (name gin_trgm_ops)');
  await knex.raw('CREATE INDEX businesses_address_trgm_idx ON businesses USING gin (address gin_trgm_ops)');
  await knex.raw('CREATE INDEX businesses_country_idx ON businesses (country)');
  await knex.raw('CREATE INDEX businesses_city_idx ON businesses (city_id, rating DESC)');
  await knex.raw('CREATE INDEX businesses_category_idx ON businesses (category_id, rating DESC)');
  await knex.raw('CREATE INDEX businesses_created_at_idx ON businesses (created_at DESC, id DESC)');
  await knex.raw('CREATE INDEX businesses_featured_idx ON businesses (rating DESC, review_count DESC) WHERE is_active');
  await knex.raw('CREATE INDEX cities_name_trgm_idx ON cities USING gin (name gin_trgm_ops)');

  await knex.schema.createTable('sessions', (t) => {
    t.text('sid').primary();
    t.jsonb('data').notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
  });
  await knex.raw('CREATE INDEX sessions_expires_idx ON sessions (expires_at)');

  await knex.schema.createTable('login_attempts', (t) => {
    t.text('key').primary(); // 'user:<name>' or 'ip:<address>'
    t.integer('failures').notNullable().defaultTo(0);
    t.timestamp('window_start', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('imports', (t) => {
    t.increments('id');
    t.text('file_name').notNullable();
    t.text('source').notNullable(); // 'web' | 'cli' | 'sample'
    t.text('username');
    t.text('mode').notNullable().defaultTo('upsert');
    t.text('status').notNullable().defaultTo('running'); // running | done | failed
    t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('finished_at', { useTz: true });
    t.integer('duration_ms');
    t.integer('rows_read').notNullable().defaultTo(0);
    t.integer('imported').notNullable().defaultTo(0);
    t.integer('updated').notNullable().defaultTo(0);
    t.integer('skipped').notNullable().defaultTo(0);
    t.jsonb('errors').notNullable().defaultTo('[]'); // the first errors only
    t.text('message'); // the fatal error, when status is failed
  });
  await knex.raw('CREATE INDEX imports_started_idx ON imports (started_at DESC)');

  await knex.schema.createTable('sitemap_generations', (t) => {
    t.increments('id');
    t.text('status').notNullable().defaultTo('generating'); // generating | ready | error | replaced
    t.text('base_url').notNullable();
    t.bigInteger('work_planned').notNullable().defaultTo(0);
    t.bigInteger('work_done').notNullable().defaultTo(0);
    t.text('error');
    t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('finished_at', { useTz: true });
  });

  await knex.schema.createTable('sitemap_files', (t) => {
    t.increments('id');
    t.integer('generation_id').notNullable().references('sitemap_generations.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('type').notNullable(); // index | businesses | cities | categories | countries
    t.integer('url_count').notNullable().defaultTo(0);
    t.integer('bytes').notNullable().defaultTo(0);
    t.text('content').notNullable();
    t.text('status').notNullable().defaultTo('ready');
    t.timestamp('last_modified', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['generation_id', 'name']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['sitemap_files', 'sitemap_generations', 'imports', 'login_attempts', 'sessions', 'businesses', 'cities', 'countries', 'categories', 'users']) {
    await knex.schema.dropTableIfExists(table);
  }
  await knex.raw('DROP FUNCTION IF EXISTS rehber_search_text(text, text, text, text[])');
}
