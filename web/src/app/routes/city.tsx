import { useParams } from 'react-router-dom';
import { SKELETONS } from '@domain/constants';
import { cityMeta } from '@domain/page-meta';
import { formatNumber, nounFor } from '@domain/plural';
import { FilteredBusinessList } from '@/components/filtered-business-list';
import { PlaceHeader } from '@/components/place-header';
import { NotFoundMessage } from '@/components/page-message';
import { paths } from '@/config/paths';
import { useCity } from '@/features/cities/api/get-city';
import { useCityBusinesses } from '@/features/cities/api/get-city-businesses';
import { BusinessMap } from '@/features/map/components/business-map';
import { countryPathOf } from '@/features/countries/country-path';
import { useListFilters } from '@/lib/list-filters';
import { useListHead } from '@/lib/seo';
import { CityCategoryLinks } from '@/components/city-category-links';

const SORTS = ['rating', 'reviews', 'name'] as const;

/** /city/:slug: the city's header, then its businesses with filters (asked for once the city has loaded). */
export function CityRoute() {
  const { slug = '' } = useParams();
  const list = useListFilters('rating');
  const city = useCity(slug);
  const businesses = useCityBusinesses(slug, list.filters, !!city.data);
  useListHead(() => (city.data ? cityMeta(city.data) : null));

  if (city.isError) return <NotFoundMessage title="City Not Found" text="The city you are looking for was not found or does not exist." />;
  const c = city.data;
  return (
    <div className="space-y-6">
      <PlaceHeader
        crumbs={c ? [{ label: 'Home', to: paths.home }, ...(c.country ? [{ label: c.country, to: countryPathOf(c.country) }] : []), { label: c.name }] : null}
        heading={c?.name}
        count={c && (
          <>
            <span data-business-count="">{formatNumber(c.businessCount)}</span>{` ${nounFor(c.businessCount, 'business')}`}
          </>
        )}
        after={c && <CityCategoryLinks title={`Categories in ${c.name}`} links={c.cityCategories} />}
      >
        {c && <p className="mt-1 text-gray-700">{[c.state, c.country].filter(Boolean).join(', ')}</p>}
      </PlaceHeader>
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
