import { Building2, MapPin } from 'lucide-react';
import { useParams } from 'react-router-dom';
import { SKELETONS } from '@data/domain/constants';
import { cityMeta } from '@data/domain/page-meta';
import { BusinessList } from '@/components/business-list';
import { NotFoundMessage } from '@/components/page-message';
import { LoadingStatus, Skeleton } from '@/components/skeleton';
import { useCity } from '@/features/cities/api/get-city';
import { useCityBusinesses } from '@/features/cities/api/get-city-businesses';
import { usePageParam } from '@/lib/page-param';
import { useDocumentHead } from '@/lib/seo';
import { cardClass } from '@/components/ui/card';

/** /city/:slug: the city's header, then its businesses (asked for once the city has loaded). */
export function CityRoute() {
  const { slug = '' } = useParams();
  const [page, setPage] = usePageParam();
  const city = useCity(slug);
  const businesses = useCityBusinesses(slug, page, !!city.data);
  useDocumentHead(city.data ? cityMeta(city.data) : null);

  if (city.isError) return <NotFoundMessage title="City Not Found" text="The city you are looking for was not found or does not exist." />;
  const c = city.data;
  return (
    <div className="space-y-6">
      {c ? (
        <header className={cardClass('p-5')}>
          <h1 className="flex items-center gap-2 text-3xl font-bold text-gray-900">
            <MapPin className="h-7 w-7 text-blue-700" aria-hidden="true" />
            {c.name}
          </h1>
          <p className="mt-1 text-gray-700">{[c.state, c.country].filter(Boolean).join(', ')}</p>
          <p className="mt-2 flex items-center gap-1 text-gray-800">
            <Building2 className="h-4 w-4" aria-hidden="true" />
            <span data-business-count="">{c.businessCount.toLocaleString('en-US')}</span> businesses
          </p>
        </header>
      ) : (
        <div className="space-y-2 rounded-lg border border-gray-200 bg-white p-5">
          <LoadingStatus />
          <Skeleton className="h-8 w-1/3" />
          <Skeleton className="h-4 w-1/4" />
        </div>
      )}
      <BusinessList query={c ? businesses : { data: undefined, isPending: true, isError: false }} skeletons={SKELETONS.cityPage} onPage={setPage} />
    </div>
  );
}
