import { describe, expect, it } from 'vitest';
import { useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { buildOrder } from './load-indexes.js';

describe('the indexes a bulk load builds at its end', () => {
  const t = useTestDb();

  it('builds every GiST and GIN index of businesses before any other (btree, BRIN)', async () => {
    const { rows } = await t.db.raw(`
      SELECT pg_get_indexdef(i.indexrelid) AS definition, a.amname AS method
        FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am a ON a.oid = c.relam
       WHERE i.indrelid = 'businesses'::regclass AND NOT i.indisunique AND NOT i.indisprimary
       ORDER BY c.relname`);
    const methods = buildOrder(rows as Array<{ definition: string; method: string }>).map((r) => r.method);
    const slow = methods.filter((m) => m === 'gist' || m === 'gin').length;
    expect(methods.filter((m) => m === 'gist').length).toBeGreaterThan(0);
    expect(methods.slice(0, slow).every((m) => m === 'gist' || m === 'gin')).toBe(true);
  });
});
