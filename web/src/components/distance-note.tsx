import { Navigation } from 'lucide-react';
import { icon } from '@/components/ui/icon';
import { formatDistance } from '@domain/nearby';
import type { Business } from '@domain/types';

/**
 * How far a business is from the list's point, on its card: '850 m', '3.2 km' (miles where its
 * country counts them), or 'approximate' when its coordinates are only its city's centre, which
 * is never shown as a distance. Nothing outside a list near a point.
 */
export function DistanceNote({ business: b, className = '' }: { business: Pick<Business, 'distance' | 'coordinatesApproximate' | 'countryCode'>; className?: string }) {
  if (b.distance === undefined) return null;
  return (
    <p className={className ? `biz-line ${className}` : 'biz-line'} data-distance={b.coordinatesApproximate ? 'approximate' : String(Math.round(b.distance))}>
      {icon(Navigation, 'h-3.5 w-3.5 shrink-0')}
      {b.coordinatesApproximate ? <span title="Placed at its city's centre">approximate</span> : <span>{formatDistance(b.distance, b.countryCode)}</span>}
    </p>
  );
}
