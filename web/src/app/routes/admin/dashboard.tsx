import { BarChart3, Building2, LogOut, Map } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import { useLogout } from '@/features/auth/api/logout';
import { RequireAdmin } from '@/features/auth/components/require-admin';
import { ImportCard } from '@/features/import/components/import-card';
import { RecentImports } from '@/features/import/components/recent-imports';
import { ActivityList } from '@/features/activity/components/activity-list';
import { buttonClass } from '@/components/ui/button';

/** The admin dashboard (import). */
export default function AdminDashboardRoute() {
  return (
    <RequireAdmin>
      <Dashboard />
    </RequireAdmin>
  );
}

function Dashboard() {
  const navigate = useNavigate();
  const logout = useLogout();
  const link = buttonClass('secondary');
  return (
    <main className="min-h-screen bg-gray-50">
      <header className="border-b border-gray-200 bg-white">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-x-4 gap-y-3 px-4 py-4">
          <h1 className="text-xl font-bold">Admin Panel</h1>
          <nav className="flex flex-wrap items-center gap-2" aria-label="Admin">
            <Link to={paths.admin.countries} className={link}>
              <BarChart3 className="h-4 w-4" aria-hidden="true" /> Countries
            </Link>
            <Link to={paths.admin.sitemap} className={link}>
              <Map className="h-4 w-4" aria-hidden="true" /> Sitemaps
            </Link>
            <button
              type="button"
              className={link}
              disabled={logout.isPending}
              onClick={() => logout.mutate(undefined, { onSettled: () => navigate(paths.admin.login) })}
            >
              <LogOut className="h-4 w-4" aria-hidden="true" /> Logout
            </button>
          </nav>
        </div>
      </header>
      <div className="mx-auto max-w-5xl space-y-6 px-4 py-8">
        <ImportCard
          footer={
            <Link to={paths.admin.businesses} className={link}>
              <Building2 className="h-4 w-4" aria-hidden="true" /> Manage Businesses
            </Link>
          }
        />
        <RecentImports />
        <ActivityList />
      </div>
    </main>
  );
}
