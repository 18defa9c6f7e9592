import { describe, expect, it } from 'vitest';
import { useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { getSession, saveSession, SESSION_READ } from './sessions.js';

const t = useTestDb();

describe('getSession', () => {
  it('reads a session by a statement prepared once per connection, and nothing for an ended one', async () => {
    await saveSession(t.db, 'named-sid', { userId: 'nobody' }, 60_000, { create: true });
    const sent: { sql: string; options?: { name?: string } }[] = [];
    const heard = (q: (typeof sent)[number]) => void sent.push(q);
    t.db.on('query', heard);
    try {
      expect(await getSession(t.db, 'named-sid')).toMatchObject({ userId: 'nobody' });
      expect(await getSession(t.db, 'no-such-sid')).toBeNull();
    } finally {
      t.db.removeListener('query', heard);
    }
    expect(sent.map((q) => q.options?.name)).toEqual([SESSION_READ.name, SESSION_READ.name]);
  });
});
