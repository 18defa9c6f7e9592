import type { ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import type { Pagination } from '@domain/types';
import { pageWindow } from '@/lib/page-window';
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

/** A new page of a list starts at its top (a handler, never during render). */
const toTop = () => window.scrollTo(0, 0);

/**
 * Page links of a public list: Previous, the first and last pages, a window around the current one,
 * Next; each a real link (`hrefFor`) so a crawler, a new tab and the back button all work.
 */
export function PageLinks({ pagination, hrefFor, summary }: { pagination: Pagination; hrefFor: (page: number) => string; summary: ReactNode }) {
  const { page, totalPages } = pagination;
  // `page-link` of index.css; the current page and a disabled end give their colours over it.
  const idle = 'page-link';
  const off = 'page-link border-gray-200 bg-gray-50 text-gray-400';
  return (
    <nav aria-label="Pagination" className="mt-6 flex flex-col items-center gap-3" data-pager="">
      {summary}
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          {page > 1 ? <Link to={hrefFor(page - 1)} rel="prev" onClick={toTop} className={idle}>Previous</Link> : <span className={off} aria-disabled="true">Previous</span>}
        </li>
        {pageWindow(page, totalPages).map((slot, i) =>
          slot === 'gap' ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-gray-500">…</li>
          ) : (
            <li key={slot}>
              {slot === page ? (
                <Link to={hrefFor(slot)} aria-current="page" aria-label={`Page ${slot}`} className="page-link border-blue-700 bg-blue-700 font-semibold text-white">{slot}</Link>
              ) : (
                <Link to={hrefFor(slot)} onClick={toTop} aria-label={`Page ${slot}`} className={idle}>{slot}</Link>
              )}
            </li>
          ),
        )}
        <li>
          {page < totalPages ? <Link to={hrefFor(page + 1)} rel="next" onClick={toTop} className={idle}>Next</Link> : <span className={off} aria-disabled="true">Next</span>}
        </li>
      </ul>
    </nav>
  );
}
