import { useParams } from 'react-router-dom';
import { categoryPlural } from '@domain/category-plural';
import { SKELETONS } from '@domain/constants';
import { cityCategoryHeading, cityCategoryMeta, placesCovered } from '@domain/page-meta';
import { cityCategoryFilters, ownListFilters } from '@domain/public-pages';
import { countOf } from '@domain/plural';
import { FilteredBusinessList } from '@/components/filtered-business-list';
import { PlaceHeader } from '@/components/place-header';
import { BusinessMap } from '@/features/map/components/business-map';
import { NotFoundMessage } from '@/components/page-message';
import { paths } from '@/config/paths';
import { useCategorySummary } from '@/features/categories/api/get-category-summary';
import { useCitySummary } from '@/features/cities/api/get-city-summary';
import { useCityBusinesses } from '@/features/cities/api/get-city-businesses';
import { useCategoryDistricts } from '@/features/cities/api/get-category-districts';
import { DistrictCategoryLinks } from '@/components/district-category-links';
import { countryPathOf } from '@/features/countries/country-path';
import { useListFilters } from '@/lib/list-filters';
import { useListHead, useOwnListPage } from '@/lib/seo';

const SORTS = ['rating', 'reviews', 'name'] as const;

/**
 * /city/:slug/:category: a category in a city, the city's list with the category fixed (the
 * category filter is the page itself, so the panel offers none), its other filters as on the city page.
 */
export function CityCategoryRoute() {
  const { slug = '', category: categorySlug = '' } = useParams();
  const list = useListFilters('rating');
  const city = useCitySummary(slug);
  const category = useCategorySummary(categorySlug);
  const ready = !!city.data && !!category.data;
  const filters = cityCategoryFilters(category.data?.slug ?? categorySlug, list.filters);
  const businesses = useCityBusinesses(slug, filters, ready);
  // The head is the list's own page's, whatever the view's filters and sort, as the server's is:
  // the same query as the view's unless the view is filtered or sorted.
  const own = useCityBusinesses(slug, cityCategoryFilters(category.data?.slug ?? categorySlug, ownListFilters(useOwnListPage())), ready).data;
  const districts = useCategoryDistricts(slug, categorySlug, ready);
  const total = businesses.data?.pagination.total;
  const c = city.data;
  const k = category.data;
  useListHead((page) => (c && k && own ? cityCategoryMeta(c, k, own.pagination.total, page ? null : own.items[0], page ? null : placesCovered('district', own.facets?.districts)) : null));

  if (city.isError || category.isError) return <NotFoundMessage title="Page Not Found" text="The city or the category you are looking for was not found or does not exist." />;
  return (
    <div className="space-y-6">
      <PlaceHeader
        crumbs={c && k ? [{ label: 'Home', to: paths.home }, ...(c.country ? [{ label: c.country, to: countryPathOf(c.country) }] : []), { label: c.name, to: paths.city(c.slug) }, { label: categoryPlural(k) }] : null}
        heading={c && k && cityCategoryHeading(c, k)}
        count={total === undefined ? undefined : <span data-business-count="">{countOf(total, 'business')}</span>}
        after={c && k && <DistrictCategoryLinks citySlug={c.slug} category={categoryPlural(k)} categorySlug={k.slug} links={districts.data} />}
      />
      <FilteredBusinessList
        state={list}
        query={ready ? businesses : { data: undefined, isPending: true, isError: false }}
        sorts={SORTS}
        places={['district']}
        categories={false}
        skeletons={SKELETONS.cityPage}
      />
      <BusinessMap businesses={ready ? businesses.data?.items : undefined} />
    </div>
  );
}
