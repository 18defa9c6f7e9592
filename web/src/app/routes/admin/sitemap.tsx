import { RequireAdmin } from '@/features/auth/components/require-admin';
import { SitemapManagement } from '@/features/sitemap/components/sitemap-management';

/** /admin/sitemap, behind the admin session. */
export default function AdminSitemapRoute() {
  return (
    <RequireAdmin>
      <SitemapManagement />
    </RequireAdmin>
  );
}
