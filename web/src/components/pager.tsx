import type { Pagination } from '@data/domain/types';

/** Previous / Next for a paged list; Previous disabled on page 1, Next on the last page. */
export function Pager({ pagination, onPage }: { pagination: Pagination; onPage: (page: number) => void }) {
  if (pagination.totalPages <= 1) return null;
  const { page, totalPages } = pagination;
  const btn = 'rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-medium text-gray-800 hover:bg-gray-50 disabled:cursor-not-allowed disabled:opacity-50';
  return (
    <nav aria-label="Pagination" className="mt-6 flex items-center justify-between gap-4">
      <button type="button" className={btn} disabled={page <= 1} onClick={() => onPage(Math.max(1, page - 1))}>
        Previous
      </button>
      <span className="text-sm text-gray-700">
        Page {page} of {totalPages}
      </span>
      <button type="button" className={btn} disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
