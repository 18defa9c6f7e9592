import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ImportRecord } from '@domain/types';
import { importsKey } from '../api/get-imports';
import { RecentImports } from './recent-imports';

const record = (id: number, undoneAt: string | null): ImportRecord => ({
  id, fileName: `shops-${id}.csv`, source: 'web', username: 'admin', mode: 'upsert', status: 'done', startedAt: '2026-11-01T10:00:00.000Z',
  finishedAt: '2026-11-01T10:00:02.000Z', durationMs: 2000, rowsRead: 3, message: null, undoneAt, undoneBy: undoneAt ? 'admin' : null,
  success: false, imported: 2, updated: 0, skipped: 1, unchanged: 0, rejected: 1, importId: id, errors: ['Row 4: full_address is empty'],
});

const render = (records: ImportRecord[]) => {
  const client = new QueryClient();
  client.setQueryData(importsKey, records);
  return renderToString(
    <QueryClientProvider client={client}>
      <RecentImports />
    </QueryClientProvider>,
  );
};

describe('the recent imports card', () => {
  it('offers the rejected rows of a standing import, and not of an undone one (they are deleted with the undo)', () => {
    const html = render([record(7, null), record(8, '2026-11-02T09:00:00.000Z')]);
    expect(html).toContain('href="/api/admin/imports/7/rejected"');
    expect(html).not.toContain('/api/admin/imports/8/rejected');
  });

  it('shows each import\'s id, the one `rehber import undo <id>` takes', () => {
    const html = render([record(12, null)]);
    expect(html).toMatch(/>#<!-- -->12<\/span>shops-12\.csv/);
  });

  it('counts with the words the rest of the screen uses: new, updated, unchanged, rejected', () => {
    const html = render([record(12, null)]);
    expect(html).toContain('New / updated / unchanged / rejected');
    expect(html).not.toMatch(/skipped/i);
  });
});
