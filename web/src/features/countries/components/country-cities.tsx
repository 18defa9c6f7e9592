import type { CountryCity } from '@domain/country-page';
import { COUNTRY_CITY_CARDS } from '@domain/constants';
import { formatNumber } from '@domain/plural';
import { CityCard } from '@/components/city-card';
import { cardClass } from '@/components/ui/card';
import { Link } from '@/components/ui/link';
import { StaticPart } from '@/components/ui/static-part';
import { paths } from '@/config/paths';

/** One collation for the server render and the browser, whatever their own locales: the hydrated list matches the HTML. */
const byName = new Intl.Collator('en', { sensitivity: 'base' });

/**
 * A country's cities: its biggest as cards (the read gives them most businesses first), then every
 * other one as a plain link with its count, by name, so each city page is one link away from its
 * country's page without a card apiece. A name two cities share shows their states.
 *
 * Both are static parts keyed by the country and its cities, every field drawn: a country's cities
 * change only with a write, and a big country's hundreds of links were most of its page's render,
 * drawn again on every view. Its key is its content, so a write that changes a city draws it anew.
 */
export function CountryCities({ country, cities }: { country: string; cities: CountryCity[] }) {
  let key: string | undefined;
  const keyOf = () => (key ??= JSON.stringify([country, cities.map((c) => [c.slug, c.name, c.state, c.businessCount])]));
  const rest = cities.slice(COUNTRY_CITY_CARDS);
  const title = `More cities in ${country}`;
  return (
    <>
      <StaticPart as="div" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" attributes={{ 'data-country-cities': '' }} cacheKey={keyOf}>
        {() =>
          cities.slice(0, COUNTRY_CITY_CARDS).map((city) => (
            <CityCard key={city.slug} city={city} showCountry={false} />
          ))
        }
      </StaticPart>
      {rest.length > 0 && (
        <StaticPart as="nav" className={cardClass('p-4')} attributes={{ 'aria-label': title }} cacheKey={keyOf}>
          {() => <MoreCities title={title} rest={rest} />}
        </StaticPart>
      )}
    </>
  );
}

/** The cities past the cards, by name, each a link with its count. */
function MoreCities({ title, rest }: { title: string; rest: CountryCity[] }) {
  const sorted = [...rest].sort((a, b) => byName.compare(a.name, b.name) || byName.compare(a.state ?? '', b.state ?? ''));
  const seen = new Set<string>();
  const shared = new Set<string>();
  for (const c of sorted) (seen.has(c.name) ? shared : seen).add(c.name);
  return (
    <>
      <h2 className="mb-2 text-lg font-semibold text-gray-900">{title}</h2>
      <ul className="columns-2 gap-6 text-sm sm:columns-3 lg:columns-4" data-country-more-cities="">
        {sorted.map((c) => (
          <li key={c.slug}>
            <Link to={paths.city(c.slug)} className="text-blue-700 hover:underline">
              {shared.has(c.name) && c.state ? `${c.name}, ${c.state}` : c.name}
            </Link>{' '}
            <span className="text-gray-700">({formatNumber(c.businessCount)})</span>
          </li>
        ))}
      </ul>
    </>
  );
}
