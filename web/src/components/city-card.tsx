import { MapPin } from 'lucide-react';
import { icon } from '@/components/ui/icon';
import { Link } from '@/components/ui/link';
import type { City } from '@domain/types';
import { countOf, type CountLocale } from '@domain/plural';
import { paths } from '@/config/paths';
import { cardClass } from '@/components/ui/card';

/** What a city's card draws: its country only where it is shown (a country's page names it once). */
export type CityCardCity = Pick<City, 'slug' | 'name' | 'state' | 'businessCount'> & Partial<Pick<City, 'country'>>;

/** A city as one link: its name, state and country, and how many businesses it has (in the page's language). */
export function CityCard({ city, locale = 'en', showCountry = true }: { city: CityCardCity; locale?: CountLocale; showCountry?: boolean }) {
  const where = [city.state, showCountry ? city.country : null].filter(Boolean).join(', ');
  return (
    <Link
      to={paths.city(city.slug)}
      className={cardClass('flex h-full items-start gap-3 p-3 transition hover:border-blue-300 hover:shadow-md sm:p-4')}
      data-city-card=""
    >
      {icon(MapPin, 'mt-0.5 h-5 w-5 shrink-0 text-blue-700')}
      <span className="min-w-0">
        <span className="block truncate font-semibold text-gray-900">{city.name}</span>
        {where && <span className="block truncate text-sm text-gray-600">{where}</span>}
        <span className="block text-sm text-gray-700">{countOf(city.businessCount, 'business', locale)}</span>
      </span>
    </Link>
  );
}
