import { useParams } from 'react-router-dom';
import { categoryPlural } from '@domain/category-plural';
import { SKELETONS } from '@domain/constants';
import { districtCategoryHeading, districtCategoryMeta } from '@domain/page-meta';
import { districtCategoryFilters, ownListFilters } from '@domain/public-pages';
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
import { countryPathOf } from '@/features/countries/country-path';
import { useListFilters } from '@/lib/list-filters';
import { useListHead, useOwnListPage } from '@/lib/seo';

const SORTS = ['rating', 'reviews', 'name'] as const;

/**
 * /city/:slug/:district/:category: a category in a district of a city, the city's list with the
 * category and the district fixed (found by its slug among the category's districts), its other
 * filters as on the city page.
 */
export function DistrictCategoryRoute() {
  const { slug = '', district: districtSlug = '', category: categorySlug = '' } = useParams();
  const list = useListFilters('rating');
  const city = useCitySummary(slug);
  const category = useCategorySummary(categorySlug);
  const districts = useCategoryDistricts(slug, categorySlug, !!city.data && !!category.data);
  const district = districts.data?.find((d) => d.districtSlug === districtSlug);
  const ready = !!city.data && !!category.data && !!district;
  const filters = districtCategoryFilters(category.data?.slug ?? categorySlug, district?.district ?? '', list.filters);
  const businesses = useCityBusinesses(slug, filters, ready);
  // The head is the list's own page's, as on a category in a city.
  const own = useCityBusinesses(slug, districtCategoryFilters(category.data?.slug ?? categorySlug, district?.district ?? '', ownListFilters(useOwnListPage())), ready).data;
  const total = businesses.data?.pagination.total;
  const c = city.data;
  const k = category.data;
  useListHead((page) => (c && k && district && own ? districtCategoryMeta(c, district, k, own.pagination.total, page ? null : own.items[0]) : null));

  if (city.isError || category.isError || districts.isError || (districts.data && !district)) {
    return <NotFoundMessage title="Page Not Found" text="The city, the district or the category you are looking for was not found or does not exist." />;
  }
  return (
    <div className="space-y-6">
      <PlaceHeader
        crumbs={
          c && k && district
            ? [
                { label: 'Home', to: paths.home },
                ...(c.country ? [{ label: c.country, to: countryPathOf(c.country) }] : []),
                { label: c.name, to: paths.city(c.slug) },
                { label: categoryPlural(k), to: paths.cityCategory(c.slug, k.slug) },
                { label: district.district },
              ]
            : null
        }
        heading={c && k && district && districtCategoryHeading(c, district.district, k)}
        count={total === undefined ? undefined : <span data-business-count="">{countOf(total, 'business')}</span>}
      />
      <FilteredBusinessList
        state={list}
        query={ready ? businesses : { data: undefined, isPending: true, isError: false }}
        sorts={SORTS}
        places={[]}
        categories={false}
        skeletons={SKELETONS.cityPage}
      />
      <BusinessMap businesses={ready ? businesses.data?.items : undefined} />
    </div>
  );
}
