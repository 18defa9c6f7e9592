import { Globe2, Trophy } from 'lucide-react';
import { SKELETONS } from '@domain/constants';
import { useAdminCountries } from '../api/get-countries';
import { StatCard, kebab } from '@/components/stat-card';
import { cardClass } from '@/components/ui/card';
import { badgeClass } from '@/components/ui/badge';
import { nounFor } from '@domain/plural';

/** Totals, average, and one card per country (most first) with Top 1–3, a bar and a share. */
export function CountryCards() {
  const countries = useAdminCountries();
  if (countries.isPending) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
        {Array.from({ length: SKELETONS.countries }, (_, i) => (
          <div key={i} data-testid="country-skeleton" className="h-32 animate-pulse rounded-lg bg-gray-200" />
        ))}
      </div>
    );
  }
  const list = [...(countries.data ?? [])].sort((a, b) => b.count - a.count);
  const total = list.reduce((s, c) => s + c.count, 0);
  const max = list[0]?.count ?? 0;
  const average = list.length ? total / list.length : 0;
  const totals: [string, string][] = [
    ['Total Countries', list.length.toLocaleString()],
    ['Total Businesses', total.toLocaleString()],
    ['Average per Country', Math.round(average).toLocaleString()],
  ];

  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-3">
        {totals.map(([label, value]) => (
          <StatCard key={label} label={label} value={value} testId={`total-${kebab(label)}`} />
        ))}
      </div>
      {list.length === 0 ? (
        <p className="text-gray-500">No countries yet</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {list.map((c, i) => (
            <li key={c.country} className={cardClass('p-4')} data-testid="country-card">
              <div className="flex items-start justify-between gap-2">
                <h2 className="flex items-center gap-2 font-semibold">
                  <Globe2 className="h-4 w-4 text-gray-400" aria-hidden="true" /> {c.country}
                </h2>
                {i < 3 && (
                  <span className={badgeClass('amber')}>
                    <Trophy className="h-3 w-3" aria-hidden="true" /> Top {i + 1}
                  </span>
                )}
              </div>
              <p className="mt-2 text-2xl font-bold">{c.count.toLocaleString()}</p>
              <p className="text-sm text-gray-500">{nounFor(c.count, 'business')}</p>
              <div className="mt-3 h-2 rounded-full bg-gray-100" aria-hidden="true">
                <div className="h-2 rounded-full bg-blue-600" style={{ width: `${max ? (c.count / max) * 100 : 0}%` }} />
              </div>
              <p className="mt-1 text-right text-sm text-gray-600" data-testid="country-share">
                {total ? ((c.count / total) * 100).toFixed(1) : '0.0'}%
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
