import { Loader2 } from 'lucide-react';
import { useCountryStats } from '../api/get-country-stats';
import { cardClass } from '@/components/ui/card';

/** SPEC §2: the 'Businesses by Country' card of the business list. */
export function CountryCountsCard() {
  const stats = useCountryStats();
  return (
    <section className={cardClass('p-4')} aria-labelledby="by-country-title">
      <h2 id="by-country-title" className="font-semibold">
        Businesses by Country
      </h2>
      {stats.isPending ? (
        <Loader2 className="mt-2 h-5 w-5 animate-spin text-gray-400" aria-label="Loading" />
      ) : (
        <ul className="mt-2 flex flex-wrap gap-2" data-testid="country-counts">
          {stats.data?.map((s) => (
            <li key={s.country} className="rounded-full bg-gray-100 px-3 py-1 text-sm">
              {s.country}: <span className="font-semibold">{s.count.toLocaleString()}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
