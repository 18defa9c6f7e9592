import { useParams } from 'react-router-dom';
import { BusinessList } from '@/components/business-list';
import { NotFoundMessage } from '@/components/page-message';
import { LoadingStatus, Skeleton } from '@/components/skeleton';
import { useCategory } from '@/features/categories/api/get-category';
import { useCategoryBusinesses } from '@/features/categories/api/get-category-businesses';
import { usePageParam } from '@/lib/page-param';
import { categoryMeta } from '@data/domain/page-meta';
import { useDocumentHead } from '@/lib/seo';

const LIST_SKELETONS = 6;

export function CategoryRoute() {
  const { slug = '' } = useParams();
  const [page, setPage] = usePageParam();
  const category = useCategory(slug);
  const businesses = useCategoryBusinesses(slug, page, !!category.data);
  const c = category.data;
  useDocumentHead(c ? categoryMeta(c) : null);

  if (category.isError) return <NotFoundMessage title="Category Not Found" text="The category you are looking for was not found or does not exist." />;
  return (
    <div className="space-y-6">
      {c ? (
        <header>
          <h1 className="text-3xl font-bold text-gray-900">{c.name}</h1>
          {c.description && <p className="mt-1 text-gray-700">{c.description}</p>}
          <p className="mt-1 text-gray-700">{c.businessCount.toLocaleString('en-US')} businesses</p>
        </header>
      ) : (
        <div className="space-y-2"><LoadingStatus /><Skeleton className="h-8 w-1/3" /><Skeleton className="h-4 w-1/4" /></div>
      )}
      <BusinessList query={c ? businesses : { data: undefined, isPending: true, isError: false }} skeletons={LIST_SKELETONS} onPage={setPage} />
    </div>
  );
}
