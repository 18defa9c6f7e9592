import { Download } from 'lucide-react';

/** The rejected rows of an import as a CSV (the file's columns plus `reason`), to fix and import again. */
export function RejectedRowsLink({ importId }: { importId: number }) {
  return (
    <a className="mt-1 inline-flex items-center gap-1 text-sm text-blue-700 hover:underline" href={`/api/admin/imports/${importId}/rejected`} download>
      <Download className="h-4 w-4" aria-hidden="true" /> Download rejected rows (CSV)
    </a>
  );
}
