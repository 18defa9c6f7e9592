import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../test-db.js';
import { seedSearch } from '../../data/reads/search.fixtures.js';
import { lookUpWords } from './word-lookups.js';

let t: TestDb;

beforeAll(async () => {
  t = await createTestDb();
  await seedSearch(t.db);
  await t.db.raw('ANALYZE');
});
afterAll(() => t.drop());

describe("a word's look-up", () => {
  it('walks the trigrams only for an absent word with no word one edit away', async () => {
    const [typo, far, known] = await lookUpWords(t.db, ["'plumbr'", "'qqqzzzxx'", "'plumber'"]);
    // 'plumber' is one edit away: the read service respells to it, the trigram walk is not paid.
    expect([typo.absent, typo.oneEdit, typo.nearest]).toEqual([true, ['plumber'], null]);
    expect([far.absent, far.oneEdit]).toEqual([true, []]);
    expect([known.absent, known.oneEdit, known.nearest]).toEqual([false, null, null]);
  });

  it('reads a few words in a statement prepared once per connection, whose generic plan PostgreSQL keeps', async () => {
    const plans = await t.db.transaction(async (trx) => {
      for (const w of ['garden', 'cafe', 'plumbr', 'austin', 'istanbul', 'bistro', 'hairdreser', 'york']) await lookUpWords(trx, [`'${w}'`]);
      const { rows } = await trx.raw(`SELECT generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements WHERE name = 'rehber_lookup_words_1'`);
      return rows as { generic: number; custom: number }[];
    });
    expect(plans).toHaveLength(1);
    expect(plans[0].generic).toBeGreaterThan(0);
  });

  it('reads the same through the prepared statement as through the statement of many words', async () => {
    const words = ['garden', 'cafe', 'plumbr', 'austin', 'istanbul', 'bistro', 'hairdreser', 'york', 'zoe', 'resturant'].map((w) => `'${w}'`);
    const many = await lookUpWords(t.db, words);
    const few = [];
    for (let i = 0; i < words.length; i += 2) few.push(...(await lookUpWords(t.db, words.slice(i, i + 2))));
    expect(few).toEqual(many);
  });
});
