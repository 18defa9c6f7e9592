import { useParams } from 'react-router-dom';
import { categoryPlural } from '@domain/category-plural';
import { SKELETONS } from '@domain/constants';
import { countryCategoryHeading, countryCategoryMeta, placesCovered } from '@domain/page-meta';
import { countryCategoryFilters, ownListFilters } from '@domain/public-pages';
import { countOf } from '@domain/plural';
import { FilteredBusinessList } from '@/components/filtered-business-list';
import { PlaceHeader } from '@/components/place-header';
import { BusinessMap } from '@/features/map/components/business-map';
import { NotFoundMessage } from '@/components/page-message';
import { paths } from '@/config/paths';
import { useCategorySummary } from '@/features/categories/api/get-category-summary';
import { useCategoryBusinesses } from '@/features/categories/api/get-category-businesses';
import { useCountrySummary } from '@/features/countries/api/get-country-summary';
import { useListFilters } from '@/lib/list-filters';
import { useListHead, useOwnListPage } from '@/lib/seo';

const SORTS = ['rating', 'reviews', 'name'] as const;

/**
 * /country/:slug/:category: a category in a country, the category's list with the country fixed
 * (the category is the page itself, so the panel offers none), its cities and districts as filters.
 */
export function CountryCategoryRoute() {
  const { slug = '', category: categorySlug = '' } = useParams();
  const list = useListFilters('rating');
  const country = useCountrySummary(slug);
  const category = useCategorySummary(categorySlug);
  const ready = !!country.data && !!category.data;
  const filters = countryCategoryFilters(country.data?.slug ?? slug, list.filters);
  const businesses = useCategoryBusinesses(categorySlug, filters, ready);
  // The head is the list's own page's, as on a category in a city.
  const own = useCategoryBusinesses(categorySlug, countryCategoryFilters(country.data?.slug ?? slug, ownListFilters(useOwnListPage())), ready).data;
  const total = businesses.data?.pagination.total;
  const c = country.data;
  const k = category.data;
  useListHead((page) => (c && k && own ? countryCategoryMeta(c, k, own.pagination.total, page ? null : own.items[0], page ? null : placesCovered('city', own.facets?.cities)) : null));

  if (country.isError || category.isError) return <NotFoundMessage title="Page Not Found" text="The country or the category you are looking for was not found or does not exist." />;
  return (
    <div className="space-y-6">
      <PlaceHeader
        crumbs={c && k ? [{ label: 'Home', to: paths.home }, { label: c.name, to: paths.country(c.slug) }, { label: categoryPlural(k) }] : null}
        heading={c && k && countryCategoryHeading(c, k)}
        count={total === undefined ? undefined : <span data-business-count="">{countOf(total, 'business')}</span>}
      />
      <FilteredBusinessList
        state={list}
        query={ready ? businesses : { data: undefined, isPending: true, isError: false }}
        sorts={SORTS}
        places={['city', 'district']}
        categories={false}
        skeletons={SKELETONS.cityPage}
      />
      <BusinessMap businesses={ready ? businesses.data?.items : undefined} />
    </div>
  );
}
