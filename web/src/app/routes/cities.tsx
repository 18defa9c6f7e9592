import { Link } from '@/components/ui/link';
import { SKELETONS } from '@domain/constants';
import { countOf, formatNumber } from '@domain/plural';
import { CityCard } from '@/components/city-card';
import { EmptyMessage, ErrorMessage } from '@/components/page-message';
import { SkeletonCards } from '@/components/skeleton';
import { useCities } from '@/features/cities/api/get-cities';
import { groupByCountry, NO_COUNTRY } from '@/features/cities/group-by-country';
import { countryPathOf } from '@/features/countries/country-path';
import { STATIC_META } from '@domain/page-meta';
import { useDocumentHead } from '@/lib/seo';
import { cardClass } from '@/components/ui/card';

const GRID = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3';
const n = (v: number) => formatNumber(v, 'tr');

/**
 * The Turkish page of cities grouped by country (each heading links to its country's page),
 * with totals; a country shows its biggest cities and links to its page for the rest.
 */
export function CitiesRoute() {
  const cities = useCities();
  useDocumentHead(STATIC_META.cities);
  const groups = cities.data ? groupByCountry(cities.data) : [];
  const totalBusinesses = groups.reduce((s, g) => s + g.businesses, 0);

  return (
    <div lang="tr" className="space-y-8">
      <header>
        <h1 className="text-3xl font-bold text-gray-900">Şehirler</h1>
        <p className="mt-1 text-gray-700">Ülkelere göre gruplanmış şehirler</p>
      </header>
      {cities.isPending ? (
        <div className={GRID}>
          <SkeletonCards count={SKELETONS.cities} className="h-28" />
        </div>
      ) : cities.isError ? (
        <ErrorMessage>Şehirler yüklenemedi. Lütfen daha sonra tekrar deneyin.</ErrorMessage>
      ) : groups.length === 0 ? (
        <EmptyMessage>Henüz şehir bulunmuyor</EmptyMessage>
      ) : (
        <>
          <dl className="grid grid-cols-3 gap-4" data-city-totals="">
            {[
              ['Ülke', groups.length],
              ['Şehir', cities.data.length],
              ['İşletme', totalBusinesses],
            ].map(([label, value]) => (
              <div key={label} className={cardClass('p-4 text-center')}>
                <dt className="text-sm text-gray-700">{label}</dt>
                <dd className="text-2xl font-bold text-gray-900">{n(value as number)}</dd>
              </div>
            ))}
          </dl>
          {groups.map((g, i) => (
            <section key={g.country} aria-labelledby={`country-${i}`} data-country-group={g.country}>
              <h2 id={`country-${i}`} className="mb-3 flex flex-wrap items-baseline gap-2 text-xl font-semibold text-gray-900">
                {g.country === NO_COUNTRY ? (
                  g.country
                ) : (
                  <Link to={countryPathOf(g.country)} className="text-blue-800 hover:underline">
                    {g.country}
                  </Link>
                )}
                <span className="text-sm font-normal text-gray-700">
                  {countOf(g.cities.length, 'city', 'tr')} · {countOf(g.businesses, 'business', 'tr')}
                </span>
              </h2>
              <div className={GRID}>
                {g.shown.map((c) => (
                  <CityCard key={c.id} city={c} locale="tr" showCountry={false} />
                ))}
              </div>
              {g.shown.length < g.cities.length && (
                <Link to={countryPathOf(g.country)} className="mt-3 inline-block text-sm font-medium text-blue-800 hover:underline" data-country-more="">
                  {`Tüm şehirler (${n(g.cities.length)}) →`}
                </Link>
              )}
            </section>
          ))}
        </>
      )}
    </div>
  );
}
