import type { Knex } from 'knex';
import { QUALITY_PRIOR_RATING, QUALITY_PRIOR_REVIEWS } from '../../domain/search.js';

/**
 * A business's quality (domain/search.ts: its rating weighed by its review count), stored, and
 * the indexes a broad search walks in its order, so the first rows of a walk are the best ones.
 *
 * A generated column, not a value the write module computes: every path that writes a rating or
 * a review count (the import's COPY lane and its upserts, an admin edit, undo, restore from the
 * trash) keeps it true without knowing of it, and the bulk load's COPY lists its columns, so it
 * is never sent one. The prior's values are the constants' when this migration runs; changing
 * them takes a new migration that redefines the column.
 *
 * The walks: the whole directory, a city's and a category's businesses, each in quality order
 * (a search with a city or a category filter walks only that share).
 */
const QUALITY_INDEXES: Record<string, string> = {
  businesses_quality_idx: 'ON businesses (quality DESC, id) WHERE is_active',
  businesses_city_quality_idx: 'ON businesses (city_id, quality DESC, id) WHERE is_active',
  businesses_category_quality_idx: 'ON businesses (category_id, quality DESC, id) WHERE is_active',
};

export async function up(knex: Knex): Promise<void> {
  const prior = `${QUALITY_PRIOR_RATING * QUALITY_PRIOR_REVIEWS}`;
  await knex.raw(`ALTER TABLE businesses ADD COLUMN quality real GENERATED ALWAYS AS
    (((${prior} + rating * review_count) / (${QUALITY_PRIOR_REVIEWS} + review_count))::real) STORED`);
  await knex.raw(`SET LOCAL maintenance_work_mem = '256MB'`);
  for (const [name, definition] of Object.entries(QUALITY_INDEXES)) await knex.raw(`CREATE INDEX ${name} ${definition}`);
}

export async function down(knex: Knex): Promise<void> {
  for (const name of Object.keys(QUALITY_INDEXES)) await knex.raw(`DROP INDEX ${name}`);
  await knex.raw('ALTER TABLE businesses DROP COLUMN quality');
}
