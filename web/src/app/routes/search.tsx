import { useNavigate, useSearchParams } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import { PUBLIC_PAGE_SIZE } from '@domain/constants';
import { FilteredBusinessList } from '@/components/filtered-business-list';
import { BusinessMap } from '@/features/map/components/business-map';
import { paths } from '@/config/paths';
import { useSearchBusinesses } from '@/features/search/api/search-businesses';
import { SearchBlock } from '@/features/search/components/search-block';
import { useListFilters } from '@/lib/list-filters';
import { searchMeta } from '@domain/page-meta';
import { SEARCH_LIST_NAMES } from '@domain/public-pages';
import { useListHead } from '@/lib/seo';

const SORTS = ['relevance', 'rating', 'reviews', 'name'] as const;

/** /search?q=&location=&filters...: the URL is the state, so results can be shared and the back button works. */
export function SearchRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const q = params.get('q')?.trim() ?? '';
  const location = params.get('location')?.trim() ?? '';
  const list = useListFilters('relevance');
  const results = useSearchBusinesses({ q, location, ...list.filters });
  const near = list.filters.near;
  const what = [q, location].filter(Boolean).join(' in ');
  useListHead(() => searchMeta(q, location), SEARCH_LIST_NAMES);
  const data = results.data;
  const understood = data?.understood;
  // A respelt location ('Berln' → Berlin) comes back as the place understood.
  const respeltLocation = location && data?.didYouMean !== undefined && understood ? understood.location : null;
  const corrected = data?.didYouMean ? [data.didYouMean, respeltLocation].filter(Boolean).join(' in ') : '';
  const notice = (
    <>
      {data?.didYouMean && (
        // The answer already holds the results of the corrected spelling.
        <p className="text-gray-800" data-did-you-mean="">
          Did you mean <Link to={paths.search(data.didYouMean, respeltLocation ?? location)} className="font-semibold text-blue-700 underline">{corrected}</Link>?
          {/* A respelt box read as what and where says so on the next line instead. */}
          {(!understood || respeltLocation) && <> Showing results for “{data.didYouMean}”{respeltLocation ? <> in {respeltLocation}</> : null}.</>}
        </p>
      )}
      {understood && (understood.q || understood.location) && !(respeltLocation && data?.didYouMean) && (
        <p className="text-sm text-gray-700" data-understood="">
          Showing {understood.q ? <>“<strong>{understood.q}</strong>”</> : 'businesses'}
          {understood.location ? <> in <strong>{understood.location}</strong></> : null}
          {data?.ignored?.length ? <> · no listing mentions {data.ignored.map((w) => `“${w}”`).join(', ')}</> : null}
        </p>
      )}
    </>
  );

  // The count names what was searched: a respelling, or the words without those no listing holds.
  const countFor = data?.didYouMean
    ? [data.didYouMean, respeltLocation ?? location].filter(Boolean).join(' in ')
    : data?.ignored && understood
      ? [understood.q, understood.location].filter(Boolean).join(' in ')
      : what;

  return (
    <div className="space-y-6">
      <header className="space-y-4">
        <h1 className="text-3xl font-bold text-gray-900">Search Businesses</h1>
        <SearchBlock
          key={`${q}\n${location}`}
          defaultQuery={q}
          defaultLocation={location}
          onSearch={({ query, location: loc }) => navigate(paths.search(query.trim(), loc.trim()))}
        />
      </header>
      {!q && !location && !near ? (
        <p className="text-gray-700">Type a service and a city or postal code to find businesses.</p>
      ) : (
        <FilteredBusinessList state={list} query={results} sorts={SORTS} places={['city', 'district']} categories skeletons={Math.min(6, PUBLIC_PAGE_SIZE)} notice={notice} countFor={countFor} />
      )}
      <BusinessMap businesses={results.data?.items} />
    </div>
  );
}
