import { useState } from 'react';
import { ACTIVITY_KINDS, type ActivityKind } from '@domain/activity';
import { buttonClass } from '@/components/ui/button';
import { cardClass } from '@/components/ui/card';
import { type ActivityView, useActivity } from '../api/get-activity';
import { ActivityLine } from './activity-entry';

const input = 'rounded-md border border-gray-300 px-2 py-1 text-sm';

/** Every change: who, when, what; narrowed by business, admin, kind and days, older pages on demand. */
export function ActivityList() {
  const [view, setView] = useState<ActivityView>({});
  const activity = useActivity(view);
  const set = (change: Partial<ActivityView>) => setView((v) => ({ ...v, ...change }));
  const entries = activity.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <section className={cardClass('p-6')} aria-labelledby="activity-title">
      <h2 id="activity-title" className="text-lg font-semibold">
        Activity
      </h2>
      <div className="mt-2 flex flex-wrap items-center gap-2 text-sm" role="group" aria-label="Filter the activity">
        <select className={input} aria-label="Kind of change" value={view.kind ?? ''} onChange={(e) => set({ kind: (e.target.value || undefined) as ActivityKind | undefined })}>
          <option value="">All kinds</option>
          {ACTIVITY_KINDS.map((k) => (
            <option key={k} value={k}>
              {k}
            </option>
          ))}
        </select>
        <input
          className={input}
          aria-label="Admin"
          placeholder="Admin"
          defaultValue={view.admin ?? ''}
          onKeyDown={(e) => e.key === 'Enter' && set({ admin: e.currentTarget.value.trim() || undefined })}
          onBlur={(e) => set({ admin: e.target.value.trim() || undefined })}
        />
        <label className="flex items-center gap-1">
          From <input className={input} type="date" aria-label="From" value={view.from ?? ''} onChange={(e) => set({ from: e.target.value || undefined })} />
        </label>
        <label className="flex items-center gap-1">
          To <input className={input} type="date" aria-label="To" value={view.to ?? ''} onChange={(e) => set({ to: e.target.value || undefined })} />
        </label>
        {view.business && (
          <button type="button" className={buttonClass('subtle')} onClick={() => set({ business: undefined })} aria-label={`Show every business, not only ${view.business.name}`}>
            Only {view.business.name} ×
          </button>
        )}
      </div>
      {activity.isPending ? (
        <p className="mt-2 text-sm text-gray-500">Loading...</p>
      ) : activity.isError ? (
        <p className="mt-2 text-sm text-red-700">The activity could not be loaded</p>
      ) : !entries.length ? (
        <p className="mt-2 text-sm text-gray-500">{Object.values(view).some(Boolean) ? 'No changes match' : 'No changes yet'}</p>
      ) : (
        <>
          <ul className="mt-3 max-h-[32rem] divide-y divide-gray-100 overflow-y-auto text-sm" data-testid="activity">
            {entries.map((e) => (
              <ActivityLine key={e.id} entry={e} onBusiness={(business) => set({ business })} />
            ))}
          </ul>
          {activity.hasNextPage && (
            <button type="button" className={buttonClass('subtle', 'mt-3')} disabled={activity.isFetchingNextPage} onClick={() => void activity.fetchNextPage()}>
              Older entries
            </button>
          )}
        </>
      )}
    </section>
  );
}
