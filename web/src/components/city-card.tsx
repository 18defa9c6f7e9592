import { MapPin } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { City } from '@data/domain/types';
import { paths } from '@/config/paths';
import { cardClass } from '@/components/ui/card';

export function CityCard({ city, countLabel = (n: number) => `${n.toLocaleString('en-US')} businesses` }: { city: City; countLabel?: (n: number) => string }) {
  return (
    <Link
      to={paths.city(city.slug)}
      className={cardClass('flex items-start gap-3 p-4 transition hover:border-blue-300 hover:shadow-md')}
      data-city-card=""
    >
      <MapPin className="mt-0.5 h-5 w-5 shrink-0 text-blue-700" aria-hidden="true" />
      <span className="min-w-0">
        <span className="block truncate font-semibold text-gray-900">{city.name}</span>
        <span className="block text-sm text-gray-600">{[city.state, city.country].filter(Boolean).join(', ')}</span>
        <span className="block text-sm text-gray-700">{countLabel(city.businessCount)}</span>
      </span>
    </Link>
  );
}
