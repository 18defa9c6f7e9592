import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ImportBusinesses } from '@domain/types';
import { apiGet } from '@/lib/api';
import { paths } from '@/config/paths';

/** Which businesses an import created and changed (what its undo would take away and put back), loaded when opened. */
export function ImportBusinessesDetails({ importId }: { importId: number }) {
  const [open, setOpen] = useState(false);
  const list = useQuery({
    queryKey: ['api', 'admin', 'imports', importId, 'businesses'],
    queryFn: () => apiGet<ImportBusinesses>(`/api/admin/imports/${importId}/businesses`),
    enabled: open,
  });
  return (
    <details className="text-sm" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer text-blue-700">Businesses</summary>
      {list.data && (
        <div className="mt-1 space-y-1" data-testid={`import-businesses-${importId}`}>
          <p className="font-medium">Created ({list.data.created.length})</p>
          <ul className="max-h-32 overflow-y-auto">
            {list.data.created.map((b) => (
              <li key={b.id}>
                <a className="hover:underline" href={paths.details(b.slug)} target="_blank" rel="noopener noreferrer">
                  {b.name}
                </a>
              </li>
            ))}
          </ul>
          <p className="font-medium">Changed ({list.data.changed.length})</p>
          <ul className="max-h-32 overflow-y-auto">
            {list.data.changed.map((b) => (
              <li key={b.id}>
                {b.name} <span className="text-gray-500">({b.fields.join(', ')})</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </details>
  );
}
