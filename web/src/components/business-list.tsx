import type { Business, Page } from '@data/domain/types';
import { BusinessListItem } from './business-list-item';
import { EmptyMessage, ErrorMessage } from './page-message';
import { Pager } from './ui/pager';
import { SkeletonCards } from './skeleton';

/** A paged list of businesses with its skeleton, empty and error states. */
export function BusinessList({ query, skeletons, onPage, empty = 'No businesses found' }: {
  query: { data: Page<Business> | undefined; isPending: boolean; isError: boolean; isPlaceholderData?: boolean };
  skeletons: number;
  onPage: (page: number) => void;
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
  const { items, pagination } = query.data;
  if (items.length === 0) return <EmptyMessage>{empty}</EmptyMessage>;
  return (
    <div aria-busy={query.isPlaceholderData ? true : undefined}>
      <ul className={`flex flex-col gap-4 ${query.isPlaceholderData ? 'opacity-60' : ''}`}>
        {items.map((b) => <BusinessListItem key={b.id} business={b} />)}
      </ul>
      {pagination.totalPages > 1 ? (
        <Pager
          pagination={pagination}
          onPage={onPage}
          summary={
            <span className="text-sm text-gray-700">
              Page {pagination.page} of {pagination.totalPages}
            </span>
          }
        />
      ) : null}
    </div>
  );
}
