import type { ShownPreview } from './use-import-flow';
import { buttonClass } from '@/components/ui/button';
import { cardClass } from '@/components/ui/card';
import { countOf } from '@domain/plural';
import { tableScrollClass } from '@/components/ui/table-scroll';

/**
 * A file's preview: what it would add, change, leave and refuse, a warning when it overwrites values
 * an admin edited, its first new businesses with their place, its first changes field by field, and
 * the option it was made with.
 */
export function PreviewCard({ preview, onImport, onCancel, busy }: { preview: ShownPreview; onImport: () => void; onCancel: () => void; busy: boolean }) {
  return (
    <section className={cardClass('p-6')} data-testid="import-preview" aria-labelledby="import-preview-title">
      <h2 id="import-preview-title" className="text-lg font-semibold">
        Preview: nothing is written yet
      </h2>
      <p className="mt-1 text-sm text-gray-600" data-testid="preview-options">
        {preview.clearEmpty ? 'Empty cells clear stored values.' : 'Empty cells keep stored values.'} Importing applies exactly this preview.
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-4 text-center sm:grid-cols-4">
        {[
          ['New', preview.imported],
          ['Updated', preview.updated],
          ['Unchanged', preview.unchanged ?? 0],
          ['Rejected', preview.rejected ?? 0],
        ].map(([label, value]) => (
          <div key={label} className="rounded-md bg-gray-50 p-3">
            <dt className="text-xs uppercase text-gray-500">{label}</dt>
            <dd className="text-2xl font-bold">{Number(value).toLocaleString()}</dd>
          </div>
        ))}
      </dl>
      {preview.errors.length > 0 && (
        <ul className="mt-4 max-h-40 overflow-y-auto rounded border border-red-100 bg-red-50 p-2 text-sm text-red-800" aria-label="Rejected rows">
          {preview.errors.slice(0, 10).map((e, i) => (
            <li key={i}>{e}</li>
          ))}
        </ul>
      )}
      {preview.overwrites?.count > 0 && (
        <div className="mt-4 rounded border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" role="alert" data-testid="preview-overwrites">
          <p className="font-medium">
            This file overwrites values an admin edited since the last import, in {countOf(preview.overwrites.count, 'business')}.
          </p>
          <ul className="mt-1 list-disc pl-5">
            {preview.overwrites.examples.map((o, i) => (
              <li key={i}>
                {o.business}: {o.field} {o.admin ?? '(empty)'}
                {o.username ? ` (edited by ${o.username})` : ''} → {o.file ?? '(empty)'}
              </li>
            ))}
          </ul>
        </div>
      )}
      {preview.newBusinesses?.length > 0 && (
        <SampleTable
          title={`New businesses (first ${preview.newBusinesses.length})`}
          testId="preview-new"
          headers={['Business', 'City', 'District', 'Country']}
          rows={preview.newBusinesses.map((b, i) => ({ key: String(i), cells: [{ text: b.name }, { text: b.city ?? '—' }, { text: b.district ?? '—' }, { text: b.country ?? '—' }] }))}
        />
      )}
      {preview.changes.length > 0 && (
        <SampleTable
          title={`Changes (first ${preview.changes.length})`}
          testId="preview-changes"
          headers={['Business', 'Field', 'Before', 'After']}
          rows={preview.changes.flatMap((c, i) =>
            c.fields.map((f) => ({
              key: `${i}-${f.field}`,
              cells: [{ text: c.business }, { text: f.field }, { text: f.before ?? '(empty)', muted: true }, { text: f.after ?? '(empty)' }],
            })),
          )}
        />
      )}
      <div className="mt-4 flex gap-2">
        <button type="button" className={buttonClass('primary')} disabled={busy} onClick={onImport}>
          Import these changes
        </button>
        <button type="button" className={buttonClass('secondary')} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </section>
  );
}

interface SampleRow {
  key: string;
  cells: Array<{ text: string; muted?: boolean }>;
}

/** A few rows of the preview under a heading, scrolling inside its own box on a narrow screen. */
function SampleTable({ title, testId, headers, rows }: { title: string; testId: string; headers: string[]; rows: SampleRow[] }) {
  // Every column but the last keeps a gap on its right.
  const cellClass = (i: number, muted?: boolean) => [i < headers.length - 1 ? 'py-1 pr-3' : 'py-1', muted ? 'text-gray-600' : ''].filter(Boolean).join(' ');
  return (
    <div className={tableScrollClass('mt-4')}>
      <h3 className="text-sm font-medium">{title}</h3>
      <table className="mt-1 w-full text-left text-sm" data-testid={testId}>
        <thead className="text-xs uppercase text-gray-500">
          <tr>
            {headers.map((h, i) => (
              <th key={h} className={cellClass(i)}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-t border-gray-100">
              {row.cells.map((c, i) => (
                <td key={i} className={cellClass(i, c.muted)}>
                  {c.text}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
