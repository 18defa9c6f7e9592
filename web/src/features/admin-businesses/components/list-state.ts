import { useSearchParams } from 'react-router-dom';
import { ADMIN_SORTS, type AdminListFilters, type AdminSort } from '@domain/types';

/**
 * The admin list's page, search, filters and sort, kept in the URL: a reload, a shared link or
 * the back button shows the same list. Setting any of them but the page goes back to page 1.
 */
export function useListState() {
  const [params, setParams] = useSearchParams();
  const text = (key: string) => params.get(key) ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const status = text('status');
  const verified = text('verified');
  const by = text('sort') as AdminSort['by'];
  const filters: AdminListFilters = {
    country: text('country') || undefined,
    city: text('city') || undefined,
    category: text('category') || undefined,
    status: status === 'active' || status === 'hidden' || status === 'featured' ? status : undefined,
    verified: verified === 'true' ? true : verified === 'false' ? false : undefined,
  };
  const sort: AdminSort = ADMIN_SORTS.includes(by) ? { by, order: text('order') === 'asc' ? 'asc' : 'desc' } : { by: 'newest', order: 'desc' };

  // Each change is its own history entry, so Back returns to the list as it was before it.
  const update = (changes: Record<string, string | undefined>, keepPage = false) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(changes)) {
        if (v === undefined || v === '') next.delete(k);
        else next.set(k, v);
      }
      if (!keepPage) next.delete('page');
      return next;
    });

  return {
    /** Names this exact list (page, search, filters, sort): a selection belongs to one list. */
    listKey: params.toString(),
    page,
    search: text('search'),
    filters,
    sort,
    setPage: (p: number) => update({ page: p > 1 ? String(p) : undefined }, true),
    setSearch: (s: string) => update({ search: s }),
    /** Several filters at once go in one URL update: two updates in one tick would overwrite each other. */
    setFilters: (changes: Partial<Record<keyof AdminListFilters, string>>) => update(changes),
    /** A column's header: first its natural order (A to Z, best rated first), then the other way. */
    toggleSort: (column: AdminSort['by']) => {
      const natural = column === 'rating' || column === 'newest' ? 'desc' : 'asc';
      const order = sort.by === column ? (sort.order === 'asc' ? 'desc' : 'asc') : natural;
      update({ sort: column === 'newest' && order === 'desc' ? undefined : column, order: column === 'newest' && order === 'desc' ? undefined : order });
    },
  };
}
