import type { Pagination } from '@domain/types';
import { countedNoun, totalFigure } from '@domain/search';

/**
 * 'Showing X to Y of Z businesses'. A filtered list of many is not counted to the end (`capped`):
 * Z reads '1,050+'; a broad search's total is an estimate (`approx`): 'about 124,000'.
 */
export function Showing({ pagination, shown, capped = false, approx = false }: { pagination: Pagination; shown: number; capped?: boolean; approx?: boolean }) {
  const { page, limit, total } = pagination;
  const from = total === 0 ? 0 : (page - 1) * limit + 1;
  const to = total === 0 ? 0 : from + shown - 1;
  const counted = { totalCapped: capped, totalApprox: approx };
  return (
    <p className="text-sm text-gray-600" data-testid="showing">
      Showing {from.toLocaleString()} to {to.toLocaleString()} of {totalFigure(total, counted)} {countedNoun(total, counted, 'business')}
    </p>
  );
}
