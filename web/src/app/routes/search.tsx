import { useSearchParams } from 'react-router-dom';
import { PUBLIC_PAGE_SIZE } from '@data/domain/constants';
import { BusinessList } from '@/components/business-list';
import { SearchBlock } from '@/components/search-block';
import { useSearchBusinesses } from '@/features/search/api/search-businesses';
import { usePageParam } from '@/lib/page-param';
import { searchMeta } from '@data/domain/page-meta';
import { useDocumentHead } from '@/lib/seo';

/** /search?q=&location=&page=: the URL is the state, so results can be shared and the back button works. */
export function SearchRoute() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const location = params.get('location')?.trim() ?? '';
  const [page, setPage] = usePageParam();
  const results = useSearchBusinesses({ q, location, page });
  const what = [q, location].filter(Boolean).join(' in ');
  useDocumentHead(searchMeta(q, location));

  return (
    <div className="space-y-6">
      <header className="space-y-4">
        <h1 className="text-3xl font-bold text-gray-900">Search Businesses</h1>
        <SearchBlock
          key={`${q}\n${location}`}
          defaultQuery={q}
          defaultLocation={location}
          onSearch={({ query, location: loc }) => {
            const next = new URLSearchParams();
            if (query.trim()) next.set('q', query.trim());
            if (loc.trim()) next.set('location', loc.trim());
            setParams(next);
          }}
        />
      </header>
      {!q && !location ? (
        <p className="text-gray-700">Type a service and a city or postal code to find businesses.</p>
      ) : (
        <section aria-label="Search results" className="space-y-3">
          {results.data && results.data.pagination.total > 0 && (
            <p className="text-gray-700" data-result-count="">
              {results.data.pagination.total.toLocaleString('en-US')} results{what ? ` for “${what}”` : ''}
            </p>
          )}
          <BusinessList query={results} skeletons={Math.min(6, PUBLIC_PAGE_SIZE)} onPage={setPage} />
        </section>
      )}
    </div>
  );
}
