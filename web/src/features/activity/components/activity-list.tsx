import { cardClass } from '@/components/ui/card';
import { useActivity } from '../api/get-activity';

const ACTIONS: Record<string, string> = {
  import: 'imported changes to',
  edit: 'edited',
  hide: 'hid',
  show: 'showed',
  feature: 'featured',
  unfeature: 'unfeatured',
  verify: 'verified',
  unverify: 'unverified',
  delete: 'deleted',
  undo: 'undid an import on',
};

/** Every change to a listing: who, when, what (the latest 100). */
export function ActivityList() {
  const activity = useActivity();
  return (
    <section className={cardClass('p-6')} aria-labelledby="activity-title">
      <h2 id="activity-title" className="text-lg font-semibold">
        Activity
      </h2>
      {activity.isPending ? (
        <p className="mt-2 text-sm text-gray-500">Loading...</p>
      ) : !activity.data?.length ? (
        <p className="mt-2 text-sm text-gray-500">No changes yet</p>
      ) : (
        <ul className="mt-3 max-h-96 divide-y divide-gray-100 overflow-y-auto text-sm" data-testid="activity">
          {activity.data.map((e) => (
            <li key={e.id} className="py-2">
              <span className="text-gray-500">{new Date(e.at).toLocaleString()}</span> <span className="font-medium">{e.username ?? (e.importId ? `import ${e.importId}` : 'someone')}</span>{' '}
              {ACTIONS[e.action] ?? e.action} <span className="font-medium">{e.businessName ?? `business ${e.businessId}`}</span>
              {e.changed.length > 0 && e.action !== 'delete' && <span className="text-gray-500"> ({e.changed.join(', ')})</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
