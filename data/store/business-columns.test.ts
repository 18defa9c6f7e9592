import { describe, expect, expectTypeOf, it } from 'vitest';
import { useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { BUSINESS_SELECT } from '../../db/queries/businesses.js';
import { OPEN_HOURS_COLUMN, OPEN_WEEK_COLUMN, OTHER_COLUMNS, STAGED_VALUE_COLUMNS, VALUE_COLUMNS, VALUE_KEYS, WRITTEN_COLUMNS, type ValueColumnKey } from '../../domain/business-columns.js';
import { FIELDS } from '../../domain/business-columns.js';
import { STAGING_COLUMNS, STAGING_DDL } from './load-copy.js';
import type { BusinessInput } from '../../domain/business-columns.js';
import type { Business } from '../../domain/types.js';

/** Fails when a business column is added in one place only: the table, the types, the staging table, the files. */
describe('the one table of business columns', () => {
  const t = useTestDb();

  const columnsOf = async (table: string, db = t.db) =>
    (await db('information_schema.columns').where({ table_name: table }).pluck('column_name')).sort();

  it('names every column of businesses: the written ones and the others', async () => {
    expect(await columnsOf('businesses')).toEqual([...new Set([...WRITTEN_COLUMNS, ...OTHER_COLUMNS])].sort());
  });

  it('gives the staging table exactly the columns COPY sends, in the encoder order', async () => {
    await t.db.transaction(async (trx) => {
      await trx.raw(STAGING_DDL);
      const staged = await trx('information_schema.columns').where({ table_name: 'import_staging' }).orderBy('ordinal_position').pluck('column_name');
      expect(staged).toEqual([...STAGING_COLUMNS]);
    });
    expect(STAGING_COLUMNS.slice(-VALUE_KEYS.length - 2)).toEqual([...STAGED_VALUE_COLUMNS, OPEN_WEEK_COLUMN, OPEN_HOURS_COLUMN]);
  });

  it('reads and exports every file header through one value column', () => {
    const fields = VALUE_KEYS.map((k) => VALUE_COLUMNS[k].field).filter((f) => f !== null);
    expect([...fields].sort()).toEqual([...FIELDS].sort());
  });

  it('answers every imported value in the API under its BusinessInput name', () => {
    expectTypeOf<Exclude<ValueColumnKey, 'city' | 'category'>>().toExtend<keyof Business>();
    expectTypeOf<Exclude<keyof BusinessInput, 'rowNumber' | 'identityKey' | 'cityPlace'>>().toEqualTypeOf<ValueColumnKey>();
    for (const k of VALUE_KEYS) {
      if (k === 'city' || k === 'category') continue;
      expect(BUSINESS_SELECT, k).toContain(`b.${VALUE_COLUMNS[k].column}`);
    }
  });
});
