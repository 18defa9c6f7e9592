import type { Knex } from 'knex';

/**
 * The bulk loader's fast lane writes the search documents of its new businesses itself, set-wise
 * and through the same rehber_search_document (data/store/load-direct.ts), and their words once
 * per statement: a statement that sets `rehber.document_given` to 'on' (SET LOCAL, the loader's
 * own INSERT only) skips the document's row trigger and the words' statement trigger. Every
 * other write keeps them exactly as before: the setting is unset unless the loader sets it.
 */
const GIVEN = `current_setting('rehber.document_given', true) IS DISTINCT FROM 'on'`;
const DOCUMENT_EVENTS = 'INSERT OR UPDATE OF name, category_id, city_id, district, state, country, postal_code, services, about, description, address';

async function triggers(knex: Knex, when: string): Promise<void> {
  await knex.raw('DROP TRIGGER businesses_search_document ON businesses');
  await knex.raw(`CREATE TRIGGER businesses_search_document BEFORE ${DOCUMENT_EVENTS}
    ON businesses FOR EACH ROW ${when} EXECUTE FUNCTION rehber_business_document()`);
  await knex.raw('DROP TRIGGER businesses_words_insert ON businesses');
  await knex.raw(`CREATE TRIGGER businesses_words_insert AFTER INSERT ON businesses
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT ${when} EXECUTE FUNCTION rehber_collect_words()`);
}

export async function up(knex: Knex): Promise<void> {
  await triggers(knex, `WHEN (${GIVEN})`);
}

export async function down(knex: Knex): Promise<void> {
  await triggers(knex, '');
}
