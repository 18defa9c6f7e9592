import type { Pagination } from '@data/domain/types';

/**
 * 'Showing X to Y of Z businesses' with Previous (off on page 1) and Next (off on the last page).
 * A broad search is not counted to the end (`capped`): Z reads '1,050+' and Next stays open.
 */
export function Pager({ pagination, shown, capped = false, onPage }: { pagination: Pagination; shown: number; capped?: boolean; onPage: (page: number) => void }) {
  const { page, limit, total, totalPages } = pagination;
  const from = total === 0 ? 0 : (page - 1) * limit + 1;
  const to = total === 0 ? 0 : from + shown - 1;
  const button = 'rounded-md border border-gray-300 px-3 py-1.5 text-sm font-medium hover:bg-gray-50 disabled:cursor-not-allowed disabled:opacity-50';
  return (
    <div className="flex items-center justify-between gap-4 border-t border-gray-100 px-3 py-3">
      <p className="text-sm text-gray-600" data-testid="showing">
        Showing {from.toLocaleString()} to {to.toLocaleString()} of {total.toLocaleString()}
        {capped ? '+' : ''} businesses
      </p>
      <div className="flex gap-2">
        <button type="button" className={button} disabled={page <= 1} onClick={() => onPage(Math.max(1, page - 1))}>
          Previous
        </button>
        <button type="button" className={button} disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
          Next
        </button>
      </div>
    </div>
  );
}
