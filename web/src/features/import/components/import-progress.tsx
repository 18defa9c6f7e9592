import { Loader2 } from 'lucide-react';
import { useImports } from '../api/get-imports';
import { nounFor } from '@domain/plural';

/** Live counts of the running import, polled every second while its request is pending. */
export function ImportProgress() {
  const imports = useImports({ poll: true });
  const running = imports.data?.find((r) => r.status === 'running');
  const elapsed = running ? Math.max(1, (Date.now() - new Date(running.startedAt).getTime()) / 1000) : 0;
  return (
    <div className="mt-4 flex items-center gap-2 rounded-md bg-blue-50 p-3 text-sm text-blue-900" role="status" data-testid="import-progress">
      <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
      {running ? (
        <span>
          {running.rowsRead.toLocaleString()} {nounFor(running.rowsRead, 'row')} so far ({running.imported.toLocaleString()} new, {running.updated.toLocaleString()} updated,{' '}
          {running.skipped.toLocaleString()} skipped), {Math.round(running.rowsRead / elapsed).toLocaleString()} rows/s
        </span>
      ) : (
        <span>Importing...</span>
      )}
    </div>
  );
}
