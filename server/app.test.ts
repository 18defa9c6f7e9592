import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { useTestDb } from '../scripts/test-hooks.fixtures.js';
import { createApp } from './app.js';
import { testConfig } from './config.js';

describe('errors after the headers went out', () => {
  const t = useTestDb();

  const appWithLog = () => {
    const lines: { level: number; msg: string; code?: string; err?: unknown }[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const app = createApp({ db: t.db, config: testConfig(), logger: pino({ level: 'info' }, sink) });
    return { app, lines };
  };
  const flush = () => new Promise((r) => setImmediate(r));

  it('logs a client that closed early as one info line, without a stack', async () => {
    const { app, lines } = appWithLog();
    const gone = Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
    app.emit('error', gone, { path: '/api/admin/export' });
    await flush();
    expect(lines).toEqual([expect.objectContaining({ level: 30, msg: 'client closed the connection early', code: 'ERR_STREAM_PREMATURE_CLOSE' })]);
    expect(JSON.stringify(lines)).not.toContain('stack');
  });

  it('still logs a real failure as an error', async () => {
    const { app, lines } = appWithLog();
    app.emit('error', new Error('disk on fire'), { path: '/x' });
    await flush();
    expect(lines).toEqual([expect.objectContaining({ level: 50, msg: 'response failed' })]);
  });
});
