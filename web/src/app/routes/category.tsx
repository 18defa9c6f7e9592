import { useParams } from 'react-router-dom';
import { categoryPlural } from '@domain/category-plural';
import { categoryMeta } from '@domain/page-meta';
import { countOf } from '@domain/plural';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { CityCategoryLinks } from '@/components/city-category-links';
import { CountryCategoryLinks } from '@/components/country-category-links';
import { FilteredBusinessList } from '@/components/filtered-business-list';
import { BusinessMap } from '@/features/map/components/business-map';
import { NotFoundMessage } from '@/components/page-message';
import { LoadingStatus, Skeleton } from '@/components/skeleton';
import { paths } from '@/config/paths';
import { useCategory } from '@/features/categories/api/get-category';
import { useCategoryBusinesses } from '@/features/categories/api/get-category-businesses';
import { useListFilters } from '@/lib/list-filters';
import { useListHead } from '@/lib/seo';

const LIST_SKELETONS = 6;
const SORTS = ['rating', 'reviews', 'name'] as const;

export function CategoryRoute() {
  const { slug = '' } = useParams();
  const list = useListFilters('rating');
  const category = useCategory(slug);
  const businesses = useCategoryBusinesses(slug, list.filters, !!category.data);
  const c = category.data;
  useListHead(() => (c ? categoryMeta(c) : null));

  if (category.isError) return <NotFoundMessage title="Category Not Found" text="The category you are looking for was not found or does not exist." />;
  return (
    <div className="space-y-6">
      {c ? (
        <div className="space-y-3">
          <Breadcrumbs items={[{ label: 'Home', to: paths.home }, { label: 'Categories', to: paths.categories }, { label: c.name }]} />
          <header>
            <h1 className="text-3xl font-bold text-gray-900">{c.name}</h1>
            {c.description && <p className="mt-1 text-gray-700">{c.description}</p>}
            <p className="mt-1 text-gray-700">{countOf(c.businessCount, 'business')}</p>
          </header>
          <CountryCategoryLinks title={`${categoryPlural(c)} by country`} links={c.countryCategories} />
          <CityCategoryLinks title={`${categoryPlural(c)} by city`} links={c.cityCategories} />
        </div>
      ) : (
        <div className="space-y-2"><LoadingStatus /><Skeleton className="h-8 w-1/3" /><Skeleton className="h-4 w-1/4" /></div>
      )}
      <FilteredBusinessList
        state={list}
        query={c ? businesses : { data: undefined, isPending: true, isError: false }}
        sorts={SORTS}
        places={['city', 'district']}
        categories={false}
        skeletons={LIST_SKELETONS}
      />
      <BusinessMap businesses={c ? businesses.data?.items : undefined} />
    </div>
  );
}
