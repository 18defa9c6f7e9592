import { useState } from 'react';
import { Loader2 } from 'lucide-react';
import { useCountryStats } from '../api/get-country-stats';
import { cardClass } from '@/components/ui/card';

/**
 * The countries listed before 'Show all': a world-wide directory has 171 or more, whose chips
 * pushed the business list below the fold.
 */
export const COUNTRIES_SHOWN = 24;

/** The 'Businesses by Country' card of the business list (the biggest first, the rest on request). */
export function CountryCountsCard() {
  const stats = useCountryStats();
  const [all, setAll] = useState(false);
  const list = stats.data ?? [];
  return (
    <section className={cardClass('p-4')} aria-labelledby="by-country-title">
      <h2 id="by-country-title" className="font-semibold">
        Businesses by Country
      </h2>
      {stats.isPending ? (
        <Loader2 className="mt-2 h-5 w-5 animate-spin text-gray-400" aria-label="Loading" />
      ) : (
        <>
          <ul id="country-counts" className="mt-2 flex flex-wrap gap-2" data-testid="country-counts">
            {(all ? list : list.slice(0, COUNTRIES_SHOWN)).map((s) => (
              <li key={s.country} className="rounded-full bg-gray-100 px-3 py-1 text-sm">
                {s.country}: <span className="font-semibold">{s.count.toLocaleString()}</span>
              </li>
            ))}
          </ul>
          {list.length > COUNTRIES_SHOWN && (
            <button type="button" className="mt-2 text-sm font-medium text-blue-700 hover:underline" aria-expanded={all} aria-controls="country-counts" onClick={() => setAll(!all)}>
              {all ? 'Show fewer' : `Show all ${list.length} countries`}
            </button>
          )}
        </>
      )}
    </section>
  );
}
