import { describe, expect, it } from 'vitest';
import { ISTANBUL, nearbyTestDb } from './nearby.fixtures.js';
import { searchBusinesses } from './search.js';
import { newMemos } from './search-memo.js';

const t = nearbyTestDb();

/** The statements `run` sends. */
async function statements(run: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const heard = (q: { sql: string }) => void sent.push(q.sql);
  t.db.on('query', heard);
  try {
    await run();
  } finally {
    t.db.removeListener('query', heard);
  }
  return sent;
}

describe('a list near a point', () => {
  it("reads its nearest precise matches, then the approximate ones when they are fewer than the cap, then its page's rows by id", async () => {
    const scope = { ...newMemos(), version: '1' };
    let names: string[] = [];
    const sent = await statements(async () => {
      names = (await searchBusinesses(t.db, { filters: { near: ISTANBUL } }, scope)).items.map((b) => b.name);
    });
    expect(names).toEqual(['Sultanahmet Fırını', 'Galata Kahvesi', 'Kadıköy Kahvesi', 'Şile Fırını', 'Austin Coffee', 'Merkez Kahvesi']);
    // The precise ones fill no page of a hundred here: those at their city's centre are read too.
    const walks = sent.filter((sql) => sql.includes('<->'));
    expect(walks.map((sql) => sql.includes('NOT b.coordinates_approximate'))).toEqual([true, false]);
    expect(sent.filter((sql) => /"b"\."id" (in|= any)/i.test(sql))).toHaveLength(1);
  });

  it("asks for a category's id once per data version", async () => {
    const scope = { ...newMemos(), version: '1' };
    const slugLookups = (sent: string[]) => sent.filter((sql) => sql.includes('FROM categories WHERE slug')).length;
    const near = (lat: number) => searchBusinesses(t.db, { filters: { near: { lat, lng: ISTANBUL.lng }, category: 'cafe' } }, scope);
    const first = await statements(() => near(ISTANBUL.lat));
    const again = await statements(() => near(ISTANBUL.lat + 0.01));
    expect([slugLookups(first), slugLookups(again)]).toEqual([1, 0]);
    const after = await statements(() => searchBusinesses(t.db, { filters: { near: ISTANBUL, category: 'cafe' } }, { ...scope, version: '2' }));
    expect(slugLookups(after)).toBe(1);
    // A slug that names nothing is not kept: asked again, it is looked up again.
    const unknown = () => searchBusinesses(t.db, { filters: { near: ISTANBUL, category: 'no-such' } }, scope);
    expect(slugLookups([...(await statements(unknown)), ...(await statements(unknown))])).toBe(2);
  });
});
