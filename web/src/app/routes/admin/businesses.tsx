import { Download, Loader2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { RequireAdmin } from '@/features/auth/components/require-admin';
import { useAdminBusinesses } from '@/features/admin-businesses/api/get-businesses';
import { BusinessSearchForm } from '@/features/admin-businesses/components/search-form';
import { BusinessTable } from '@/features/admin-businesses/components/business-table';
import { FiltersBar } from '@/features/admin-businesses/components/filters-bar';
import { useListState } from '@/features/admin-businesses/components/list-state';
import { Pager } from '@/components/ui/pager';
import { Showing } from '@/features/admin-businesses/components/showing';
import { totalFigure } from '@domain/search';
import { useCountryStats } from '@/features/admin-countries/api/get-country-stats';
import { CountryCountsCard } from '@/features/admin-countries/components/country-counts-card';
import { ExportDialog } from '@/features/export/components/export-dialog';
import { AdminHeader } from '@/components/admin-header';
import { StatCard, kebab } from '@/components/stat-card';
import { buttonClass } from '@/components/ui/button';
import { cardClass } from '@/components/ui/card';
import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';

/** Business management. */
export default function AdminBusinessesRoute() {
  return (
    <RequireAdmin>
      <Businesses />
    </RequireAdmin>
  );
}

function Businesses() {
  const state = useListState();
  const { page, search, filters, sort } = state;
  const [exportOpen, setExportOpen] = useState(false);
  const list = useAdminBusinesses({ page, search, filters, sort });
  const countries = useCountryStats();
  const dialogStats = useCountryStats({ enabled: exportOpen });
  const data = list.data;

  // A filtered list of many is counted to a bound ('1,050+'); a broad search's total is an estimate ('about').
  const cards: [string, string][] = [
    ['Total Businesses', totalFigure(data?.pagination.total ?? 0, data)],
    ['Countries', (countries.data?.length ?? 0).toLocaleString()],
    ['Current Page', `${data?.pagination.page ?? 1} / ${totalFigure(data?.pagination.totalPages ?? 1, data)}`],
    ['Showing', (data?.businesses.length ?? 0).toLocaleString()],
  ];

  return (
    <main className="min-h-screen bg-gray-50">
      <AdminHeader title="Business Management">
        <div className="flex flex-wrap gap-2">
          <Link to={paths.admin.trash} className={buttonClass('secondary')}>
            <Trash2 className="h-4 w-4" aria-hidden="true" /> Trash
          </Link>
          <button
            type="button"
            onClick={() => setExportOpen(true)}
            className={buttonClass('primary')}
          >
            <Download className="h-4 w-4" aria-hidden="true" /> Export Businesses
          </button>
        </div>
      </AdminHeader>

      <div className="mx-auto max-w-7xl space-y-6 px-4 py-8">
        <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
          {cards.map(([label, value]) => (
            <StatCard key={label} label={label} value={value} testId={`card-${kebab(label)}`} />
          ))}
        </div>

        <CountryCountsCard />

        <section className={cardClass()}>
          <div className="space-y-3 p-4">
            {/* Keyed by the URL's values: after Back the boxes show what the list is filtered by. */}
            <BusinessSearchForm key={search} initial={search} onSearch={state.setSearch} />
            <FiltersBar key={`${filters.city ?? ''}\n${filters.category ?? ''}`} filters={filters} countries={(countries.data ?? []).map((c) => c.country)} onFilter={state.setFilters} />
          </div>
          {list.isPending ? (
            <div className="flex items-center justify-center gap-2 py-16 text-gray-600" role="status">
              <Loader2 className="h-5 w-5 animate-spin" aria-hidden="true" /> Loading businesses...
            </div>
          ) : data ? (
            <>
              <BusinessTable businesses={data.businesses} listKey={state.listKey} sort={sort} onSort={state.toggleSort} />
              <Pager layout="before" pagination={data.pagination} onPage={state.setPage} summary={<Showing pagination={data.pagination} shown={data.businesses.length} capped={data.totalCapped} approx={data.totalApprox} />} />
            </>
          ) : null}
        </section>
      </div>

      <ExportDialog open={exportOpen} onOpenChange={setExportOpen} stats={dialogStats.data} loading={dialogStats.isPending} />
    </main>
  );
}
