import { hashKey } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { PublicReads } from '@domain/public-reads';
import type { Business } from '@domain/types';
import type { NearbyRow } from '@domain/card-row';
import { createQueryClient } from '@/lib/query-client';
import { businessOptions } from '@/features/businesses/api/get-business';
import { nearbyOptions } from '@/features/businesses/api/get-nearby';
import { loadPage } from './loaders';

const business = { id: 7, slug: 'blue-door-cafe', name: 'Blue Door Café' } as Business;
const near = [{ id: 8, slug: 'green-door-cafe', name: 'Green Door Café' }] as NearbyRow[];
const readsOf = (found: Business | null) => ({ business: async () => found, nearbyRows: vi.fn(async () => near) }) as unknown as PublicReads & { nearbyRows: ReturnType<typeof vi.fn> };
const page = (slug: string) => ({ page: 'details' as const, slug, query: '' });

describe('a business page’s loader', () => {
  it('puts the business and then its neighbours in the client, under its hooks’ keys, without looking the business up again', async () => {
    const client = createQueryClient();
    const lookedUp = vi.spyOn(client, 'getQueryData');
    const defaulted = vi.spyOn(client, 'defaultQueryOptions');
    const reads = readsOf(business);
    // Asked by an old slug, the neighbours go under the business's own, as the page asks them.
    expect(await loadPage(page('blue-door'), new URLSearchParams(), reads, client)).toBe(true);
    expect(lookedUp).not.toHaveBeenCalled();
    // Each query's options given defaulted already (TanStack's defaulting merges them into a new
    // object), and the business not looked up again.
    expect(defaulted.mock.calls.map(([options]) => options._defaulted)).toEqual([true, true]);
    expect(reads.nearbyRows).toHaveBeenCalledWith(business);
    const queries = client.getQueryCache().getAll();
    expect(queries.map((q) => q.queryKey)).toEqual([businessOptions('blue-door').queryKey, nearbyOptions('blue-door-cafe').queryKey]);
    expect(queries.map((q) => q.queryHash)).toEqual(queries.map((q) => hashKey(q.queryKey)));
    // ...and the same options as the client's own defaulting gives.
    defaulted.mockRestore();
    for (const q of queries) expect(q.options).toEqual(client.defaultQueryOptions({ queryKey: q.queryKey }));
    lookedUp.mockRestore();
    expect(client.getQueryData(businessOptions('blue-door').queryKey)).toBe(business);
    expect(client.getQueryData(nearbyOptions('blue-door-cafe').queryKey)).toBe(near);
  });

  it('keeps an unknown slug’s 404 and reads no neighbours', async () => {
    const client = createQueryClient();
    const reads = readsOf(null);
    expect(await loadPage(page('no-such-cafe'), new URLSearchParams(), reads, client)).toBe(true);
    expect(reads.nearbyRows).not.toHaveBeenCalled();
    const [query, ...rest] = client.getQueryCache().getAll();
    expect(rest).toEqual([]);
    expect(query.queryKey).toEqual(businessOptions('no-such-cafe').queryKey);
    expect(query.state.status).toBe('error');
  });
});
