import { Star } from 'lucide-react';
import { STARS } from '@data/constants';

/** Rating out of 5 as stars; the number itself is given to screen readers. */
export function Stars({ rating, size = 16 }: { rating: number; size?: number }) {
  const value = Number.isFinite(rating) ? Math.max(0, Math.min(STARS, rating)) : 0;
  return (
    <span className="inline-flex items-center" role="img" aria-label={`Rated ${value.toFixed(1)} out of ${STARS}`}>
      {Array.from({ length: STARS }, (_, i) => (
        <Star
          key={i}
          width={size}
          height={size}
          aria-hidden="true"
          className={i < Math.round(value) ? 'fill-amber-400 text-amber-400' : 'fill-gray-200 text-gray-300'}
        />
      ))}
    </span>
  );
}
