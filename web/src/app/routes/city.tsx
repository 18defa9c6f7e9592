import { Building2, MapPin } from 'lucide-react';
import { icon } from '@/components/ui/icon';
import { useParams } from 'react-router-dom';
import { SKELETONS } from '@domain/constants';
import { cityMeta } from '@domain/page-meta';
import { formatNumber, nounFor } from '@domain/plural';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { FilteredBusinessList } from '@/components/filtered-business-list';
import { NotFoundMessage } from '@/components/page-message';
import { LoadingStatus, Skeleton } from '@/components/skeleton';
import { paths } from '@/config/paths';
import { useCity } from '@/features/cities/api/get-city';
import { useCityBusinesses } from '@/features/cities/api/get-city-businesses';
import { BusinessMap } from '@/features/map/components/business-map';
import { countryPathOf } from '@/features/countries/country-path';
import { useListFilters } from '@/lib/list-filters';
import { useDocumentHead } from '@/lib/seo';
import { cardClass } from '@/components/ui/card';
import { CityCategoryLinks } from '@/components/city-category-links';

const SORTS = ['rating', 'reviews', 'name'] as const;

/** /city/:slug: the city's header, then its businesses with filters (asked for once the city has loaded). */
export function CityRoute() {
  const { slug = '' } = useParams();
  const list = useListFilters('rating');
  const city = useCity(slug);
  const businesses = useCityBusinesses(slug, list.filters, !!city.data);
  useDocumentHead(city.data ? cityMeta(city.data) : null);

  if (city.isError) return <NotFoundMessage title="City Not Found" text="The city you are looking for was not found or does not exist." />;
  const c = city.data;
  return (
    <div className="space-y-6">
      {c ? (
        <div className="space-y-3">
          <Breadcrumbs items={[{ label: 'Home', to: paths.home }, ...(c.country ? [{ label: c.country, to: countryPathOf(c.country) }] : []), { label: c.name }]} />
          <header className={cardClass('p-5')}>
            <h1 className="flex items-center gap-2 text-3xl font-bold text-gray-900">
              {icon(MapPin, 'h-7 w-7 text-blue-700')}
              {c.name}
            </h1>
            <p className="mt-1 text-gray-700">{[c.state, c.country].filter(Boolean).join(', ')}</p>
            <p className="mt-2 flex items-center gap-1 text-gray-800">
              {icon(Building2, 'h-4 w-4')}
              <span data-business-count="">{formatNumber(c.businessCount)}</span> {nounFor(c.businessCount, 'business')}
            </p>
          </header>
          <CityCategoryLinks title={`Categories in ${c.name}`} links={c.cityCategories} />
        </div>
      ) : (
        <div className="space-y-2 rounded-lg border border-gray-200 bg-white p-5">
          <LoadingStatus />
          <Skeleton className="h-8 w-1/3" />
          <Skeleton className="h-4 w-1/4" />
        </div>
      )}
      <FilteredBusinessList
        state={list}
        query={c ? businesses : { data: undefined, isPending: true, isError: false }}
        sorts={SORTS}
        places={['district']}
        categories
        skeletons={SKELETONS.cityPage}
      />
      <BusinessMap businesses={businesses.data?.items} />
    </div>
  );
}
