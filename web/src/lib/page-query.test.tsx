import { renderToString } from 'react-dom/server';
import { keepPreviousData, QueryClientProvider, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { createQueryClient, keepNotFound } from './query-client';
import { useLoadedQuery } from './page-query';

const options = queryOptions({ queryKey: ['api', 'businesses', 'detail', 'çiçek-evi', { n: 1 }], queryFn: () => Promise.resolve({ name: 'Çiçek Evi' }) });

const shown = ({ data, isPending, isError }: { data: unknown; isPending: boolean; isError: boolean }) => <>{JSON.stringify({ data, isPending, isError })}</>;
const WithUseQuery = () => shown(useQuery(options));
const WithLoadedQuery = () => shown(useLoadedQuery(options));

// A list page's query: asked once its place is known (`enabled`), the last page kept while the next loads.
const listOptions = (enabled: boolean) => ({ ...queryOptions({ queryKey: options.queryKey, queryFn: () => Promise.resolve({ name: 'Çiçek Evi' }), placeholderData: keepPreviousData }), enabled });
const listShown = ({ data, isPending, isError, isPlaceholderData }: { data: unknown; isPending: boolean; isError: boolean; isPlaceholderData?: boolean }) => (
  <div aria-busy={isPlaceholderData ? true : undefined}>{JSON.stringify({ data, isPending, isError })}</div>
);
const listHooks = (enabled: boolean) => [() => listShown(useQuery(listOptions(enabled))), () => listShown(useLoadedQuery(listOptions(enabled)))];

/** What each hook gives a component in the server render, as the page's loaders leave `client`. */
const both = (client: QueryClient, hooks = [WithUseQuery, WithLoadedQuery]) =>
  hooks.map((Shown) =>
    renderToString(
      <QueryClientProvider client={client}>
        <Shown />
      </QueryClientProvider>,
    ),
  );

describe('a loaded query read in the server render', () => {
  it('gives what useQuery gives for an answer, a kept 404 and a query never filled', async () => {
    const answered = createQueryClient();
    answered.setQueryData(options.queryKey, { name: 'Çiçek Evi' });
    const notFound = createQueryClient();
    await notFound.prefetchQuery({ queryKey: options.queryKey, queryFn: () => Promise.reject(new ApiError(404, '{"message":"Business not found"}', 'Not Found')), retry: false });
    keepNotFound(notFound, notFound.getQueryCache().getAll());
    const empty = createQueryClient();
    const seen = [answered, notFound, empty].map((client) => both(client));
    for (const [tanstack, loaded] of seen) expect(loaded).toBe(tanstack);
    expect(seen.map(([, loaded]) => loaded)).toEqual([
      '{&quot;data&quot;:{&quot;name&quot;:&quot;Çiçek Evi&quot;},&quot;isPending&quot;:false,&quot;isError&quot;:false}',
      '{&quot;isPending&quot;:false,&quot;isError&quot;:true}',
      '{&quot;isPending&quot;:true,&quot;isError&quot;:false}',
    ]);
  });

  it('gives what useQuery gives for a list query, enabled or not, whose last page is kept while the next loads', async () => {
    const answered = createQueryClient();
    answered.setQueryData(options.queryKey, { name: 'Çiçek Evi' });
    const notFound = createQueryClient();
    await notFound.prefetchQuery({ queryKey: options.queryKey, queryFn: () => Promise.reject(new ApiError(404, '{"message":"City not found"}', 'Not Found')), retry: false });
    keepNotFound(notFound, notFound.getQueryCache().getAll());
    for (const enabled of [true, false]) {
      const seen = [answered, notFound, createQueryClient()].map((client) => both(client, listHooks(enabled)));
      for (const [tanstack, loaded] of seen) expect(loaded).toBe(tanstack);
      expect(seen.map(([, loaded]) => loaded)).toEqual([
        '<div>{&quot;data&quot;:{&quot;name&quot;:&quot;Çiçek Evi&quot;},&quot;isPending&quot;:false,&quot;isError&quot;:false}</div>',
        '<div>{&quot;isPending&quot;:false,&quot;isError&quot;:true}</div>',
        '<div>{&quot;isPending&quot;:true,&quot;isError&quot;:false}</div>',
      ]);
    }
  });
});
