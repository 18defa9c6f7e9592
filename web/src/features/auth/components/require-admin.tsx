import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useAdminCheck } from '../api/check';

/** SPEC §2/§4: a 'Checking authentication' spinner, then the panel or a redirect to the login page. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const check = useAdminCheck();
  if (check.isPending) {
    return (
      <div className="flex min-h-screen items-center justify-center gap-2 text-gray-600" role="status">
        <Loader2 className="h-6 w-6 animate-spin" aria-hidden="true" />
        <span>Checking authentication...</span>
      </div>
    );
  }
  if (!check.data?.authenticated) return <Navigate to={paths.admin.login} replace />;
  return <>{children}</>;
}
