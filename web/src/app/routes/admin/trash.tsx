import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { TRASH_RETENTION_DAYS } from '@domain/constants';
import { countOf } from '@domain/plural';
import { RequireAdmin } from '@/features/auth/components/require-admin';
import { useTrash } from '@/features/admin-trash/api/get-trash';
import { TrashSearch } from '@/features/admin-trash/components/trash-search';
import { TrashTable } from '@/features/admin-trash/components/trash-table';
import { AdminHeader } from '@/components/admin-header';
import { Link } from '@/components/ui/link';
import { Pager } from '@/components/ui/pager';
import { buttonClass } from '@/components/ui/button';
import { cardClass } from '@/components/ui/card';
import { paths } from '@/config/paths';

/** Deleted businesses, restorable for at least TRASH_RETENTION_DAYS days (docs/trash.md). */
export default function AdminTrashRoute() {
  return (
    <RequireAdmin>
      <Trash />
    </RequireAdmin>
  );
}

function Trash() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const list = useTrash({ page, search });
  const data = list.data;

  return (
    <main className="min-h-screen bg-gray-50">
      <AdminHeader title="Trash">
        <Link to={paths.admin.businesses} className={buttonClass('secondary')}>
          Businesses
        </Link>
      </AdminHeader>
      <div className="mx-auto max-w-7xl space-y-4 px-4 py-8">
        <p className="text-sm text-gray-600">
          Deleted businesses wait here at least {TRASH_RETENTION_DAYS} days, off the public site and out of every count. Restore brings one back as it was;
          after {TRASH_RETENTION_DAYS} days it is deleted for good.
        </p>
        <section className={cardClass()}>
          <div className="p-4">
            <TrashSearch
              onSearch={(text) => {
                setSearch(text);
                setPage(1);
              }}
            />
          </div>
          {list.isPending ? (
            <div className="flex items-center justify-center gap-2 py-16 text-gray-600" role="status">
              <Loader2 className="h-5 w-5 animate-spin" aria-hidden="true" /> Loading the trash...
            </div>
          ) : data && data.entries.length === 0 ? (
            <p className="px-4 pb-8 text-sm text-gray-600" data-testid="trash-empty">
              {search ? 'No deleted business matches this name' : 'The trash is empty'}
            </p>
          ) : data ? (
            <>
              <TrashTable entries={data.entries} />
              <Pager
                layout="before"
                pagination={data.pagination}
                onPage={setPage}
                summary={
                  <p className="text-sm text-gray-600" data-testid="trash-total">
                    {countOf(data.pagination.total, 'business')} in the trash
                  </p>
                }
              />
            </>
          ) : null}
        </section>
      </div>
    </main>
  );
}
