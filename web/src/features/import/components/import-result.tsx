import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import type { ImportResult } from '@domain/types';
import { cardClass } from '@/components/ui/card';
import { RejectedRowsLink } from './rejected-rows-link';
import { rejected, unchanged } from './messages';

/** The results card: success or 'completed with issues', counts, and a scrollable errors list. */
export function ImportResultCard({ result }: { result: ImportResult }) {
  const clean = result.success && result.errors.length === 0;
  return (
    <section className={cardClass('p-6')} data-testid="import-result" aria-labelledby="import-result-title">
      <h2 id="import-result-title" className="flex items-center gap-2 text-lg font-semibold">
        {clean ? <CheckCircle2 className="h-5 w-5 text-green-600" aria-hidden="true" /> : <AlertTriangle className="h-5 w-5 text-amber-600" aria-hidden="true" />}
        {clean ? 'Import successful' : 'Import completed with issues'}
      </h2>
      <dl className="mt-4 grid grid-cols-2 gap-4 text-center sm:grid-cols-4">
        {[
          ['New', result.imported],
          ['Updated', result.updated],
          // Skipped (SPEC) told apart: rows that changed nothing, and rows refused with a reason.
          ['Unchanged', unchanged(result)],
          ['Rejected', rejected(result)],
        ].map(([label, value]) => (
          <div key={label} className="rounded-md bg-gray-50 p-3">
            <dt className="text-xs uppercase text-gray-500">{label}</dt>
            <dd className="text-2xl font-bold" data-testid={`result-${String(label).toLowerCase()}`}>
              {Number(value).toLocaleString()}
            </dd>
          </div>
        ))}
      </dl>
      {result.errors.length > 0 && (
        <div className="mt-4">
          <h3 className="text-sm font-medium">Errors ({result.errors.length})</h3>
          {result.importId !== undefined && <RejectedRowsLink importId={result.importId} />}
          <ul className="mt-1 max-h-60 overflow-y-auto rounded border border-red-100 bg-red-50 p-2 text-sm text-red-800" data-testid="import-errors">
            {result.errors.map((e, i) => (
              <li key={i}>{e}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
