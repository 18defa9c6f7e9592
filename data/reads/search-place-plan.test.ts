import { describe, expect, it } from 'vitest';
import { plansOf, withCountryShops } from '../../db/queries/bitmap-scans.fixtures.js';
import { searchBusinesses } from './search.js';

/**
 * Words in a broad place: the words' bitmap holds the few documents to read, and the place is
 * checked on them; the place's own bitmap (a country: a fifth of the directory here, a hundred
 * thousand documents at a million, each checked inside the index) is not built to spare those few
 * pages. A place that narrows, a word every document holds but none as its place, is still read
 * in the place index.
 */
describe('a search of words in a broad place', () => {
  it('reads the words in the documents index and checks the place on what they find', () =>
    withCountryShops(async (db) => {
      // Eight hundred galleries, all in China, among its twelve thousand shops.
      await db.raw(`UPDATE businesses SET name = 'Gallery ' || id WHERE id % 5 = 0 AND id <= 4000`);
      await db.raw('ANALYZE businesses');
      const read = async (q: string, location = '') => {
        let found = -1;
        const plans = await plansOf(db, async () => (found = (await searchBusinesses(db, { q, location })).pagination.total));
        return { found, plans: plans.join('\n') };
      };
      const located = await read('gallery', 'china');
      expect(located.found).toBe(800);
      expect(located.plans).toContain('businesses_search_idx');
      expect(located.plans).not.toContain('businesses_place_idx');
      expect(located.plans).not.toMatch(/Seq Scan/);
      // Every document holds 'shop', none as its place: the place index finds none at once.
      const shop = await read('gallery', 'shop');
      expect(shop.found).toBe(0);
      expect(shop.plans).toContain('businesses_place_idx');
    }));
});
