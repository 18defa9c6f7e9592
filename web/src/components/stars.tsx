import { STARS } from '@domain/constants';
import { countOf } from '@domain/plural';

const ROW = '★'.repeat(STARS);

/**
 * Rating out of 5 as stars, filled to the exact fraction; the number itself goes to screen readers.
 * Two text rows instead of five SVG icons: lists render dozens of these, and it keeps them cheap.
 */
export function Stars({ rating, size = 16 }: { rating: number; size?: number }) {
  const value = Number.isFinite(rating) ? Math.max(0, Math.min(STARS, rating)) : 0;
  return (
    <span role="img" aria-label={`Rated ${value.toFixed(1)} out of ${STARS}`} className="relative inline-block whitespace-nowrap leading-none text-gray-300" style={{ fontSize: size }}>
      <span aria-hidden="true">{ROW}</span>
      <span aria-hidden="true" className="absolute inset-y-0 left-0 overflow-hidden text-amber-500" style={{ width: `${(value / STARS) * 100}%` }}>
        {ROW}
      </span>
    </span>
  );
}

/**
 * Stars, the figure and '(N reviews)'; 'No reviews yet' instead when nobody has rated the business
 * (a 0.0 with empty stars reads as a bad business, not an unknown one).
 */
export function Rating({ rating, reviewCount, size = 14, outOf = false, className = '' }: { rating: number; reviewCount: number; size?: number; outOf?: boolean; className?: string }) {
  if (!(reviewCount > 0)) {
    // The caller's size and colour, else the default: never both, which would clash.
    return <span className={`block ${className || 'text-sm text-gray-600'}`} data-no-reviews="">No reviews yet</span>;
  }
  return (
    <span className={`flex flex-wrap items-center gap-1 ${className}`}>
      <Stars rating={rating} size={size} />
      <span className={outOf ? 'font-semibold' : ''}>{outOf ? `${rating.toFixed(1)} / ${STARS}` : rating.toFixed(1)}</span>
      <span className="text-gray-600">({countOf(reviewCount, 'review')})</span>
    </span>
  );
}
