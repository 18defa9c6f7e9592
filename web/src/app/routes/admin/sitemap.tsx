import { RequireAdmin } from '@/features/auth/components/require-admin';
import { SitemapManagement } from '@/features/sitemap/components/sitemap-management';

/** SPEC §2: /admin/sitemap, behind the admin session. */
export default function AdminSitemapRoute() {
  return (
    <RequireAdmin>
      <SitemapManagement />
    </RequireAdmin>
  );
}
