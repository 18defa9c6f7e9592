import type { CountryCity } from '@domain/country-page';
import { COUNTRY_CITY_CARDS } from '@domain/constants';
import { formatNumber } from '@domain/plural';
import { CityCard } from '@/components/city-card';
import { cardClass } from '@/components/ui/card';
import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';

/** One collation for the server render and the browser, whatever their own locales: the hydrated list matches the HTML. */
const byName = new Intl.Collator('en', { sensitivity: 'base' });

/**
 * A country's cities: its biggest as cards (the read gives them most businesses first), then every
 * other one as a plain link with its count, by name, so each city page is one link away from its
 * country's page without a card apiece. A name two cities share shows their states.
 */
export function CountryCities({ country, cities }: { country: string; cities: CountryCity[] }) {
  const rest = cities.slice(COUNTRY_CITY_CARDS).sort((a, b) => byName.compare(a.name, b.name) || byName.compare(a.state ?? '', b.state ?? ''));
  const seen = new Set<string>();
  const shared = new Set<string>();
  for (const c of rest) (seen.has(c.name) ? shared : seen).add(c.name);
  const title = `More cities in ${country}`;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-country-cities="">
        {cities.slice(0, COUNTRY_CITY_CARDS).map((city) => (
          <CityCard key={city.slug} city={city} showCountry={false} />
        ))}
      </div>
      {rest.length > 0 && (
        <nav aria-label={title} className={cardClass('p-4')}>
          <h2 className="mb-2 text-lg font-semibold text-gray-900">{title}</h2>
          <ul className="columns-2 gap-6 text-sm sm:columns-3 lg:columns-4" data-country-more-cities="">
            {rest.map((c) => (
              <li key={c.slug}>
                <Link to={paths.city(c.slug)} className="text-blue-700 hover:underline">
                  {shared.has(c.name) && c.state ? `${c.name}, ${c.state}` : c.name}
                </Link>{' '}
                <span className="text-gray-700">({formatNumber(c.businessCount)})</span>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </>
  );
}
