import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { FALLBACK_BUSINESS_COUNT } from '@data/domain/constants';
import { BusinessCard } from '@/components/business-card';
import { CityCard } from '@/components/city-card';
import { EmptyMessage, ErrorMessage } from '@/components/page-message';
import { SearchBlock } from '@/components/search-block';
import { SkeletonCards } from '@/components/skeleton';
import { paths } from '@/config/paths';
import { useFeaturedBusinesses } from '@/features/businesses/api/get-featured';
import { useRecentBusinesses } from '@/features/businesses/api/get-recent';
import { usePopularCities } from '@/features/cities/api/get-popular-cities';
import { useStats } from '@/features/stats/api/get-stats';
import { StatTiles } from '@/features/stats/components/stat-tiles';
import { STATIC_META } from '@data/domain/page-meta';
import { useDocumentHead } from '@/lib/seo';

const GRID = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-4';

export function HomeRoute() {
  useDocumentHead(STATIC_META.home);
  // Each block reads its own query, so one answer re-renders one block, not the whole page.
  return (
    <div className="space-y-12">
      <Hero />
      <HomeStats />
      <LatestBusinesses />
      <PopularCities />
      <FeaturedBusinesses />
    </div>
  );
}

function Hero() {
  const navigate = useNavigate();
  const stats = useStats();
  // SPEC §2: the stats call's figure, or the fallback while it loads or when it fails.
  const verified = stats.data ? stats.data.totalBusinesses.toLocaleString('en-US') : FALLBACK_BUSINESS_COUNT;
  return (
    <section className="-mx-4 -mt-6 bg-gradient-to-br from-blue-800 to-blue-600 px-4 py-14 text-white sm:rounded-b-2xl">
      <div className="mx-auto max-w-3xl text-center">
        <h1 className="text-3xl font-bold sm:text-4xl">Find trusted local businesses near you</h1>
        <p className="mt-3 text-lg text-blue-50">
          <span className="font-semibold text-white" data-verified-count="">{verified}</span> verified businesses, craftsmen and service providers
        </p>
        <div className="mt-8">
          <SearchBlock onSearch={({ query, location }) => navigate(paths.search(query.trim(), location.trim()))} />
        </div>
      </div>
    </section>
  );
}

function HomeStats() {
  const stats = useStats();
  return <StatTiles totalBusinesses={stats.data?.totalBusinesses} />;
}

function LatestBusinesses() {
  return (
    <HomeSection title="Latest Businesses" query={useRecentBusinesses()} empty="No businesses added yet">
      {(items) => items.map((b) => <BusinessCard key={b.id} business={b} />)}
    </HomeSection>
  );
}

function PopularCities() {
  return (
    <HomeSection title="Popular Cities" query={usePopularCities()} empty="No cities yet">
      {(items) => items.map((c) => <CityCard key={c.id} city={c} />)}
    </HomeSection>
  );
}

function FeaturedBusinesses() {
  return (
    <HomeSection title="Featured Businesses" query={useFeaturedBusinesses()} empty="No businesses added yet">
      {(items) => items.map((b) => <BusinessCard key={b.id} business={b} />)}
    </HomeSection>
  );
}

interface ListQuery<T> {
  data: T[] | undefined;
  isPending: boolean;
  isError: boolean;
}

function HomeSection<T>({ title, query, empty, children }: { title: string; query: ListQuery<T>; empty: string; children: (items: T[]) => ReactNode }) {
  return (
    <section aria-labelledby={`${title}-h`.replace(/\s+/g, '-')}>
      <h2 id={`${title}-h`.replace(/\s+/g, '-')} className="mb-4 text-2xl font-bold text-gray-900">
        {title}
      </h2>
      {query.isPending ? (
        <div className={GRID}>
          <SkeletonCards count={4} />
        </div>
      ) : query.isError ? (
        <ErrorMessage />
      ) : query.data && query.data.length > 0 ? (
        <div className={GRID}>{children(query.data)}</div>
      ) : (
        <EmptyMessage>{empty}</EmptyMessage>
      )}
    </section>
  );
}
