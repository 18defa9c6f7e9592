import { useImports } from '../api/get-imports';
import { RejectedRowsLink } from './rejected-rows-link';
import { ImportBusinessesDetails } from './import-businesses';
import { UndoButton } from './undo-button';
import { rejected, unchanged } from './messages';
import { cardClass } from '@/components/ui/card';
import { nounFor } from '@domain/plural';
import { tableScrollClass } from '@/components/ui/table-scroll';

const seconds = (ms: number | null) => (ms === null ? '–' : `${(ms / 1000).toFixed(1)} s`);

/** Recent imports from the web and the CLI: file, who, when, duration, counts, first errors. */
export function RecentImports() {
  const imports = useImports();
  return (
    <section className={cardClass('p-6')} aria-labelledby="recent-imports-title">
      <h2 id="recent-imports-title" className="text-lg font-semibold">
        Recent imports
      </h2>
      {imports.isPending ? (
        <p className="mt-2 text-sm text-gray-500">Loading...</p>
      ) : imports.isError || !imports.data?.length ? (
        <p className="mt-2 text-sm text-gray-500">No imports yet</p>
      ) : (
        <div className={tableScrollClass('mt-3')}>
          <table className="w-full text-left text-sm" data-testid="recent-imports">
            <thead className="text-xs uppercase text-gray-500">
              <tr>
                <th className="py-2 pr-3">File</th>
                <th className="py-2 pr-3">Who</th>
                <th className="py-2 pr-3">When</th>
                <th className="py-2 pr-3">Duration</th>
                <th className="py-2 pr-3">New / updated / unchanged / rejected</th>
                <th className="py-2 pr-3">Status</th>
                <th className="py-2">
                  <span className="sr-only">Undo</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {imports.data.map((r) => (
                <tr key={r.id} id={`import-${r.id}`} className="border-t border-gray-100 align-top">
                  <td className="py-2 pr-3 font-medium">
                    {/* The id `rehber import undo <id>` takes. */}
                    <span className="mr-1 font-mono text-gray-500" data-testid={`import-id-${r.id}`}>
                      #{r.id}
                    </span>
                    {r.fileName}
                  </td>
                  <td className="py-2 pr-3">{r.username ?? r.source}</td>
                  <td className="py-2 pr-3 whitespace-nowrap">{new Date(r.startedAt).toLocaleString()}</td>
                  <td className="py-2 pr-3">{r.status === 'running' ? `${r.rowsRead.toLocaleString()} ${nounFor(r.rowsRead, 'row')} so far` : seconds(r.durationMs)}</td>
                  <td className="py-2 pr-3">
                    {r.imported.toLocaleString()} / {r.updated.toLocaleString()} / {unchanged(r).toLocaleString()} / {rejected(r).toLocaleString()}
                  </td>
                  <td className="py-2 pr-3">
                    {r.undoneAt ? `undone${r.undoneBy ? ` by ${r.undoneBy}` : ''}` : r.status}
                    {r.message && <div className="text-red-700">{r.message}</div>}
                    {r.errors.length > 0 && (
                      <details className="text-red-700">
                        <summary>{r.errors.length} {nounFor(r.errors.length, 'error')}</summary>
                        {/* An undo deletes the rejected rows with it. */}
                        {!r.undoneAt && <RejectedRowsLink importId={r.id} />}
                        <ul className="max-h-32 overflow-y-auto">
                          {r.errors.slice(0, 10).map((e, i) => (
                            <li key={i}>{e}</li>
                          ))}
                        </ul>
                      </details>
                    )}
                  </td>
                  <td className="space-y-1 py-2">
                    {r.imported + r.updated > 0 && <ImportBusinessesDetails importId={r.id} />}
                    <UndoButton record={r} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
