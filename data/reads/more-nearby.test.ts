import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../db/test-db.js';
import { businessesById } from '../../db/queries/search.js';
import { moreNearby } from './nearby.js';
import { NEAR_SEEDS, seedNearby } from './nearby.fixtures.js';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
  await seedNearby(t.db);
});
afterAll(async () => {
  await t.drop();
});

describe('More nearby on a business page', () => {
  it('reads the nearest businesses and their rows in one statement, nearest first, each as the API gives it with its distance', async () => {
    const [sultanahmet] = await t.db('businesses').where('name', NEAR_SEEDS[0].name).select('id');
    const [business] = await businessesById(t.db, [sultanahmet.id]);
    const sent: string[] = [];
    const heard = (q: { sql: string }) => void sent.push(q.sql);
    t.db.on('query', heard);
    let nearby: Awaited<ReturnType<typeof moreNearby>>;
    try {
      nearby = await moreNearby(t.db, business);
    } finally {
      t.db.removeListener('query', heard);
    }
    expect(sent).toHaveLength(1);
    // Precise ones only (not the one at the city's centre, nor the one without coordinates), itself left out.
    expect(nearby.map((b) => b.name)).toEqual(['Galata Kahvesi', 'Kadıköy Kahvesi', 'Şile Fırını', 'Austin Coffee']);
    const rows = await businessesById(t.db, nearby.map((b) => b.id));
    for (const b of nearby) expect({ ...b, distance: undefined }).toEqual({ ...rows.find((r) => r.id === b.id), distance: undefined });
    const distances = nearby.map((b) => b.distance!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    // Sultanahmet to Galata: about 2.3 km.
    expect(Math.round(distances[0] / 100)).toBe(23);
  });
});
