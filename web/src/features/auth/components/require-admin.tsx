import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useAdminCheck } from '../api/check';

/** A 'Checking authentication' spinner, then the panel or a redirect to the login page. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const check = useAdminCheck();
  const location = useLocation();
  if (check.isPending) {
    return (
      <div className="flex min-h-screen items-center justify-center gap-2 text-gray-600" role="status">
        <Loader2 className="h-6 w-6 animate-spin" aria-hidden="true" />
        <span>Checking authentication...</span>
      </div>
    );
  }
  // The login page brings the admin back here afterwards.
  if (!check.data?.authenticated) return <Navigate to={paths.admin.login} replace state={{ from: `${location.pathname}${location.search}` }} />;
  return <>{children}</>;
}
