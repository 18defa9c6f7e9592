import type { Page } from '@domain/types';
import type { CardRow } from '@domain/card-row';
import { formatNumber } from '@domain/plural';
import { BusinessCard } from './business-card';
import { EmptyMessage, ErrorMessage } from './page-message';
import { PageLinks } from './ui/pager';
import { SkeletonCards } from './skeleton';

/** A paged list of businesses (each card one link) with page links, and its skeleton, empty and error states. */
export function BusinessList({ query, skeletons, hrefFor, empty = 'No businesses found' }: {
  query: { data: (Page<CardRow> & { totalCapped?: boolean }) | undefined; isPending: boolean; isError: boolean; isPlaceholderData?: boolean };
  skeletons: number;
  hrefFor: (page: number) => string;
  empty?: string;
}) {
  if (query.isPending) {
    return (
      <div className="flex flex-col gap-4">
        <SkeletonCards count={skeletons} className="h-36" />
      </div>
    );
  }
  if (query.isError || !query.data) return <ErrorMessage />;
  const { items, pagination, totalCapped } = query.data;
  if (items.length === 0) return <EmptyMessage>{empty}</EmptyMessage>;
  return (
    <div aria-busy={query.isPlaceholderData ? true : undefined}>
      <ul className={`flex flex-col gap-3 ${query.isPlaceholderData ? 'opacity-60' : ''}`}>
        {items.map((b) => (
          <li key={b.id}>
            <BusinessCard business={b} variant="row" heading="h2" />
          </li>
        ))}
      </ul>
      {pagination.totalPages > 1 ? (
        <PageLinks
          pagination={pagination}
          hrefFor={hrefFor}
          summary={
            <span className="text-sm text-gray-700" data-page-summary="">
              {/* A total counted up to a cap is a floor: the last page it gives is not the list's last. */}
              {totalCapped ? `Page ${formatNumber(pagination.page)}` : `Page ${formatNumber(pagination.page)} of ${formatNumber(pagination.totalPages)}`}
            </span>
          }
        />
      ) : null}
    </div>
  );
}
