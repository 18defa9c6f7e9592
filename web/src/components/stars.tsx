import { STARS } from '@data/domain/constants';

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
