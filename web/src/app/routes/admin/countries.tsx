import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { RequireAdmin } from '@/features/auth/components/require-admin';
import { CountryCards } from '@/features/admin-countries/components/country-cards';

/** SPEC §2: country administration. */
export default function AdminCountriesRoute() {
  return (
    <RequireAdmin>
      <main className="min-h-screen bg-gray-50">
        <header className="border-b border-gray-200 bg-white">
          <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-4">
            <Link to={paths.admin.dashboard} className="inline-flex items-center gap-1 text-sm text-gray-600 hover:text-gray-900">
              <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Admin
            </Link>
            <h1 className="text-xl font-bold">Country Administration</h1>
          </div>
        </header>
        <div className="mx-auto max-w-7xl px-4 py-8">
          <CountryCards />
        </div>
      </main>
    </RequireAdmin>
  );
}
