import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';

/** The top bar of the admin sub-pages: the way back to the dashboard, a title, actions on the right. */
export function AdminHeader({ title, width = 'max-w-7xl', children }: { title?: string; width?: string; children?: ReactNode }) {
  return (
    <header className="border-b border-gray-200 bg-white">
      <div className={`mx-auto flex ${width} flex-wrap items-center justify-between gap-x-4 gap-y-3 px-4 py-4`}>
        <div className="flex flex-wrap items-center gap-3">
          <Link to={paths.admin.dashboard} className="inline-flex items-center gap-1 text-sm text-gray-600 hover:text-gray-900">
            <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Admin
          </Link>
          {title && <h1 className="text-xl font-bold">{title}</h1>}
        </div>
        {children}
      </div>
    </header>
  );
}
