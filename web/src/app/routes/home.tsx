import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import { FALLBACK_BUSINESS_COUNT } from '@domain/constants';
import { formatNumber, nounFor } from '@domain/plural';
import type { City } from '@domain/types';
import type { CardRow } from '@domain/card-row';
import { BusinessCard } from '@/components/business-card';
import { CityCard } from '@/components/city-card';
import { EmptyMessage, ErrorMessage } from '@/components/page-message';
import { SkeletonCards } from '@/components/skeleton';
import { paths } from '@/config/paths';
import { useFeaturedBusinesses } from '@/features/businesses/api/get-featured';
import { useRecentBusinesses } from '@/features/businesses/api/get-recent';
import { usePopularCities } from '@/features/cities/api/get-popular-cities';
import { SearchBlock } from '@/features/search/components/search-block';
import { useStats } from '@/features/stats/api/get-stats';
import { StatTiles } from '@/features/stats/components/stat-tiles';
import { STATIC_META } from '@domain/page-meta';
import { useDocumentHead } from '@/lib/seo';

/** On phones a home list shows its first few; the rest appear from sm up (one markup, CSS decides). */
const PHONE_ITEMS = { latest: 4, cities: 6 };
const fromSm = (i: number, shown: number) => (i >= shown ? 'hidden sm:block' : '');

export function HomeRoute() {
  useDocumentHead(STATIC_META.home);
  // Each block reads its own query, so one answer re-renders one block, not the whole page.
  return (
    <div className="space-y-10 sm:space-y-12">
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
  // The stats call's figure, or the fallback while it loads or when it fails.
  const count = stats.data ? formatNumber(stats.data.totalBusinesses) : FALLBACK_BUSINESS_COUNT;
  const noun = stats.data ? nounFor(stats.data.totalBusinesses, 'business') : 'businesses';
  return (
    <section className="-mx-4 -mt-6 bg-gradient-to-br from-blue-800 to-blue-600 px-4 py-8 text-white sm:rounded-b-2xl sm:py-14">
      <div className="mx-auto max-w-3xl text-center">
        <h1 className="text-2xl font-bold sm:text-4xl">Find trusted local businesses near you</h1>
        <p className="mt-2 text-blue-50 sm:mt-3 sm:text-lg">
          {/* Every listed business, verified or not: the figure is the directory's size. */}
          <span className="font-semibold text-white" data-business-count="">{count}</span>
          {` ${noun}, craftsmen and service providers`}
        </p>
        <div className="mt-5 sm:mt-8">
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

/** Newest first: small rows on phones, a grid of tiles from sm up. */
function LatestBusinesses() {
  return (
    <HomeSection id="latest" title="Latest Businesses" query={useRecentBusinesses()} empty="No businesses added yet">
      {(items: CardRow[]) => (
        <ul className="grid gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-4">
          {items.map((b, i) => (
            <li key={b.id} className={fromSm(i, PHONE_ITEMS.latest)}>
              <BusinessCard business={b} variant="compact" />
            </li>
          ))}
        </ul>
      )}
    </HomeSection>
  );
}

/** Cities as a two-column list of names on phones, cards from sm up, and a link to all of them. */
function PopularCities() {
  return (
    <HomeSection id="cities" title="Popular Cities" query={usePopularCities()} empty="No cities yet" more={{ to: paths.cities, label: 'All cities' }}>
      {(items: City[]) => (
        <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          {items.map((c, i) => (
            <li key={c.id} className={fromSm(i, PHONE_ITEMS.cities)}>
              <CityCard city={c} showCountry={false} />
            </li>
          ))}
        </ul>
      )}
    </HomeSection>
  );
}

/** Best rated: a band of its own, swiped sideways on phones, a grid from lg up. */
function FeaturedBusinesses() {
  return (
    <div className="-mx-4 bg-blue-50 px-4 py-8 sm:rounded-2xl">
      <HomeSection id="featured" title="Featured Businesses" query={useFeaturedBusinesses()} empty="No businesses added yet" more={{ to: paths.search(), label: 'Search all' }}>
        {(items: CardRow[]) => (
          <ul className="relative -mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-2 lg:mx-0 lg:grid lg:grid-cols-4 lg:gap-4 lg:overflow-visible lg:px-0" aria-label="Featured businesses">
            {items.map((b) => (
              <li key={b.id} className="w-60 shrink-0 snap-start lg:w-auto">
                <BusinessCard business={b} variant="tile" />
              </li>
            ))}
          </ul>
        )}
      </HomeSection>
    </div>
  );
}

interface ListQuery<T> {
  data: T[] | undefined;
  isPending: boolean;
  isError: boolean;
}

function HomeSection<T>({ id, title, query, empty, more, children }: { id: string; title: string; query: ListQuery<T>; empty: string; more?: { to: string; label: string }; children: (items: T[]) => ReactNode }) {
  return (
    <section aria-labelledby={`${id}-h`}>
      <div className="mb-3 flex items-baseline justify-between gap-4 sm:mb-4">
        <h2 id={`${id}-h`} className="text-xl font-bold text-gray-900 sm:text-2xl">
          {title}
        </h2>
        {more && (
          <Link to={more.to} className="text-sm font-medium text-blue-700 hover:underline">
            {more.label}
          </Link>
        )}
      </div>
      {query.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <SkeletonCards count={4} />
        </div>
      ) : query.isError ? (
        <ErrorMessage />
      ) : query.data && query.data.length > 0 ? (
        children(query.data)
      ) : (
        <EmptyMessage>{empty}</EmptyMessage>
      )}
    </section>
  );
}
