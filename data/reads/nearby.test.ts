import { describe, expect, it } from 'vitest';
import { ISTANBUL, nearbyTestDb } from './nearby.fixtures.js';
import { listBusinessesIn, searchBusinesses } from './search.js';
import { memoKey, newMemos } from './search-memo.js';
import { businessesById } from '../../db/queries/search.js';
import type { Business } from '../../domain/types.js';

const t = nearbyTestDb();

/** The statements `run` sends, with their bindings. */
async function sentWith(run: () => Promise<unknown>): Promise<{ sql: string; bindings: unknown[] }[]> {
  const sent: { sql: string; bindings: unknown[] }[] = [];
  const heard = (q: { sql: string; bindings: unknown[] }) => void sent.push(q);
  t.db.on('query', heard);
  try {
    await run();
  } finally {
    t.db.removeListener('query', heard);
  }
  return sent;
}

/** The statements `run` sends. */
const statements = async (run: () => Promise<unknown>): Promise<string[]> => (await sentWith(run)).map((q) => q.sql);

/** The ids each read of rows by id among `sent` asks for. */
const readsById = (sent: { sql: string; bindings: unknown[] }[]) => sent.filter((q) => /"b"\."id" (in|= any)/i.test(q.sql)).map((q) => (q.bindings[0] as string[]).map(Number));

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

  it("reads the rows of a page nearest first with the walk that finds them: no read by id after it", async () => {
    const scope = { ...newMemos(), version: '1' };
    let items: { id: number; name: string; distance?: number }[] = [];
    const sent = await sentWith(async () => {
      items = (await searchBusinesses(t.db, { filters: { near: ISTANBUL }, limit: 3 }, scope)).items;
    });
    expect(items.map((b) => b.name)).toEqual(['Sultanahmet Fırını', 'Galata Kahvesi', 'Kadıköy Kahvesi']);
    expect(readsById(sent)).toEqual([]);
    // The same businesses as a read by id gives them, each with its distance.
    const byId = await businessesById(t.db, items.map((b) => b.id));
    const order = new Map(byId.rows.map((b) => [b.id, b]));
    expect(items).toEqual(items.map((b) => ({ ...order.get(b.id), distance: b.distance })));
    expect(items.every((b) => b.distance! > 0)).toBe(true);
  });

  it("takes a page's categories' and cities' names from the labels kept per data version: its walk joins neither", async () => {
    const scope = { ...newMemos(), version: '1' };
    const near = (lat: number) => searchBusinesses(t.db, { filters: { near: { lat, lng: ISTANBUL.lng } }, limit: 3 }, scope);
    let items: Business[] = [];
    const first = await statements(async () => void (items = (await near(ISTANBUL.lat)).items));
    expect(items.map((b) => [b.category, b.city])).toEqual([
      [{ name: 'Bakery', slug: 'bakery' }, { name: 'İstanbul', slug: 'istanbul' }],
      [{ name: 'Café', slug: 'cafe' }, { name: 'İstanbul', slug: 'istanbul' }],
      [{ name: 'Café', slug: 'cafe' }, { name: 'İstanbul', slug: 'istanbul' }],
    ]);
    const walk = first.find((sql) => sql.includes('<->'))!;
    expect(walk).not.toMatch(/JOIN (categories|cities)/);
    // Read once for the page and its facets, then kept: another point's page sends its walks alone.
    expect(first.filter((sql) => sql.includes('FROM categories WHERE id'))).toHaveLength(1);
    const again = await statements(() => near(ISTANBUL.lat + 0.001));
    expect(again.filter((sql) => !sql.includes('<->'))).toEqual([]);
  });

  it("reads by id only the rows of a page its precise walk does not give (those at their city's centre)", async () => {
    const scope = { ...newMemos(), version: '1' };
    let names: string[] = [];
    const sent = await sentWith(async () => {
      names = (await searchBusinesses(t.db, { filters: { near: ISTANBUL }, page: 2, limit: 3 }, scope)).items.map((b) => b.name);
    });
    expect(names).toEqual(['Şile Fırını', 'Austin Coffee', 'Merkez Kahvesi']);
    const [merkez] = await t.db('businesses').where({ name: 'Merkez Kahvesi' }).pluck('id');
    expect(readsById(sent)).toEqual([[Number(merkez)]]);
    // Only the row read by id is kept: those the walk gave come with the page whenever it is asked.
    const rows = await t.db('businesses').whereIn('name', names).select('id', 'name');
    const kept = rows.filter((r) => scope.small.peek('1', memoKey('row', String(r.id)))).map((r) => r.name);
    expect(kept).toEqual(['Merkez Kahvesi']);
  });

  it("reads a city page's rows near a point with its walk, and takes those the memo holds from it", async () => {
    const [istanbul] = await t.db('cities').where({ slug: 'istanbul' }).pluck('id');
    const scope = { ...newMemos(), version: '1' };
    const page = () => listBusinessesIn(t.db, { cityId: Number(istanbul) }, { limit: 2 }, { near: ISTANBUL }, scope);
    let first: string[] = [];
    let again: string[] = [];
    const sentFirst = await sentWith(async () => void (first = (await page()).items.map((b) => b.name)));
    const sentAgain = await sentWith(async () => void (again = (await page()).items.map((b) => b.name)));
    expect(first).toEqual(['Sultanahmet Fırını', 'Galata Kahvesi']);
    expect(again).toEqual(first);
    expect([readsById(sentFirst), readsById(sentAgain)]).toEqual([[], []]);
  });

  it('reads the rows by id when the page is sorted otherwise (its places in the walk are not known before it)', async () => {
    const scope = { ...newMemos(), version: '1' };
    const sent = await sentWith(() => searchBusinesses(t.db, { filters: { near: ISTANBUL, sort: 'rating' }, limit: 3 }, scope));
    expect(readsById(sent)).toHaveLength(1);
  });
});
