import { RequireAdmin } from '@/features/auth/components/require-admin';
import { CountryCards } from '@/features/admin-countries/components/country-cards';
import { ReresolveCard } from '@/features/admin-countries/components/reresolve-card';
import { GroupsCard } from '@/features/groups/components/groups-card';
import { AdminHeader } from '@/components/admin-header';

/** Country administration. */
export default function AdminCountriesRoute() {
  return (
    <RequireAdmin>
      <main className="min-h-screen bg-gray-50">
        <AdminHeader title="Country Administration" />
        <div className="mx-auto max-w-7xl space-y-6 px-4 py-8">
          <CountryCards />
          <ReresolveCard />
          <GroupsCard />
        </div>
      </main>
    </RequireAdmin>
  );
}
