import type { ReactNode } from 'react';
import type { Pagination } from '@data/domain/types';
import { Button } from './button';

/**
 * Previous / Next for a paged list: Previous off on page 1, Next off on the last page. `summary` says where the reader is; `layout`
 * puts it between the buttons (public lists) or before them (admin tables).
 */
export function Pager({
  pagination,
  onPage,
  summary,
  layout = 'between',
}: {
  pagination: Pagination;
  onPage: (page: number) => void;
  summary: ReactNode;
  layout?: 'between' | 'before';
}) {
  const { page, totalPages } = pagination;
  const previous = (
    <Button variant={layout === 'between' ? 'secondary' : 'subtle'} disabled={page <= 1} onClick={() => onPage(Math.max(1, page - 1))}>
      Previous
    </Button>
  );
  const next = (
    <Button variant={layout === 'between' ? 'secondary' : 'subtle'} disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
      Next
    </Button>
  );
  if (layout === 'between') {
    return (
      <nav aria-label="Pagination" className="mt-6 flex items-center justify-between gap-4">
        {previous}
        {summary}
        {next}
      </nav>
    );
  }
  return (
    <div className="flex items-center justify-between gap-4 border-t border-gray-100 px-3 py-3">
      {summary}
      <div className="flex gap-2">
        {previous}
        {next}
      </div>
    </div>
  );
}
