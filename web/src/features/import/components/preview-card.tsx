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
        <div className={tableScrollClass('mt-4')}>
          <h3 className="text-sm font-medium">New businesses (first {preview.newBusinesses.length})</h3>
          <table className="mt-1 w-full text-left text-sm" data-testid="preview-new">
            <thead className="text-xs uppercase text-gray-500">
              <tr>
                <th className="py-1 pr-3">Business</th>
                <th className="py-1 pr-3">City</th>
                <th className="py-1 pr-3">District</th>
                <th className="py-1">Country</th>
              </tr>
            </thead>
            <tbody>
              {preview.newBusinesses.map((b, i) => (
                <tr key={i} className="border-t border-gray-100">
                  <td className="py-1 pr-3">{b.name}</td>
                  <td className="py-1 pr-3">{b.city ?? '—'}</td>
                  <td className="py-1 pr-3">{b.district ?? '—'}</td>
                  <td className="py-1">{b.country ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {preview.changes.length > 0 && (
        <div className={tableScrollClass('mt-4')}>
          <h3 className="text-sm font-medium">Changes (first {preview.changes.length})</h3>
          <table className="mt-1 w-full text-left text-sm" data-testid="preview-changes">
            <thead className="text-xs uppercase text-gray-500">
              <tr>
                <th className="py-1 pr-3">Business</th>
                <th className="py-1 pr-3">Field</th>
                <th className="py-1 pr-3">Before</th>
                <th className="py-1">After</th>
              </tr>
            </thead>
            <tbody>
              {preview.changes.flatMap((c, i) =>
                c.fields.map((f) => (
                  <tr key={`${i}-${f.field}`} className="border-t border-gray-100">
                    <td className="py-1 pr-3">{c.business}</td>
                    <td className="py-1 pr-3">{f.field}</td>
                    <td className="py-1 pr-3 text-gray-600">{f.before ?? '(empty)'}</td>
                    <td className="py-1">{f.after ?? '(empty)'}</td>
                  </tr>
                )),
              )}
            </tbody>
          </table>
        </div>
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
