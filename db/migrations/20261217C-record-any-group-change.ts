import type { Knex } from 'knex';

/**
 * A list names many cities, categories and countries (its facets, its cards, a category's links
 * to its cities and countries) and knows none of their ids, so it cannot depend on their own keys
 * (20261205H). A change to any city's, category's or country's own row (not only its count), or
 * its removal, now also records `c:*`, `k:*` or `y:*`: what a list that names them depends on.
 * Such a change is an admin's rename or merge, a re-resolution or a new time zone table, never an
 * import batch (which inserts its new places and moves counts): a list kept through every import
 * goes cold on them alone.
 */
const groupChanged = (any: boolean) => `CREATE OR REPLACE FUNCTION rehber_group_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE changed text[];
    BEGIN
      IF TG_OP = 'INSERT' THEN
        SELECT ARRAY(SELECT TG_ARGV[0] || ':' || id FROM added) INTO changed;
      ELSIF TG_OP = 'DELETE' THEN
        SELECT ARRAY(SELECT TG_ARGV[0] || ':' || id FROM removed) INTO changed;${any ? `
        IF cardinality(changed) > 0 THEN changed := changed || (TG_ARGV[0] || ':*'); END IF;` : ''}
      ELSE
        SELECT ARRAY(
          SELECT CASE WHEN o.id IS NOT NULL AND n.id IS NOT NULL AND to_jsonb(o) - 'business_count' = to_jsonb(n) - 'business_count'
                      THEN 'l' || TG_ARGV[0] || ':' || n.id ELSE TG_ARGV[0] || ':' || coalesce(n.id, o.id) END
            FROM removed o FULL JOIN added n ON n.id = o.id) INTO changed;${any ? `
        -- A count alone moved gives l<prefix>: keys only.
        IF EXISTS (SELECT 1 FROM unnest(changed) k WHERE k LIKE TG_ARGV[0] || ':%') THEN changed := changed || (TG_ARGV[0] || ':*'); END IF;` : ''}
      END IF;
      PERFORM rehber_record_change(changed);
      RETURN NULL;
    END $$`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(groupChanged(true));
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(groupChanged(false));
}
