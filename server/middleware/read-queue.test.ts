import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import Koa from 'koa';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { readQueue } from './read-queue.js';
import { startTestApp, type TestApp } from '../test-app.js';
import { seedBusinesses } from '../../db/queries/admin-businesses.fixtures.js';

interface Answer { status: number; retryAfter: string | null; type: string | null; text: string }

const until = async (done: () => boolean) => {
  while (!done()) await new Promise((r) => setTimeout(r, 5));
};

/**
 * A real Koa app on loopback behind the queue, whose reads each wait until the test lets them
 * finish; paths under /admin/ do not take a turn.
 */
async function queuedApp(options: { concurrency: number; maxWaiting?: number; maxWaitingPerClient?: number }) {
  const started: string[] = [];
  const finishers = new Map<string, () => void>();
  const queue = readQueue({ ...options, applies: (ctx) => !ctx.path.startsWith('/admin/') });
  // The tests name their client in X-Forwarded-For.
  const app = new Koa({ proxy: true });
  app.use(queue.middleware);
  app.use(async (ctx) => {
    started.push(ctx.path);
    if (ctx.path.endsWith('/fails')) throw new Error('the read failed');
    await new Promise<void>((resolve) => finishers.set(ctx.path, resolve));
    ctx.body = { path: ctx.path };
  });
  app.silent = true;
  const server = await new Promise<http.Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const held = () => queue.stats().running + queue.stats().waiting;
  return {
    queue,
    started,
    /** Sends a GET and waits until the server holds it or answered it, so arrival follows the calls. */
    async send(path: string, signal?: AbortSignal, client = '192.0.2.1'): Promise<{ answer: Promise<Answer> }> {
      const before = held();
      let answered = false;
      const answer = fetch(url + path, { signal, headers: { 'x-forwarded-for': client } }).then(async (res) => {
        answered = true;
        return { status: res.status, retryAfter: res.headers.get('retry-after'), type: res.headers.get('content-type'), text: await res.text() };
      });
      answer.catch(() => {});
      await until(() => answered || held() > before || started.includes(path));
      return { answer };
    },
    async finish(path: string) {
      await until(() => finishers.has(path));
      finishers.get(path)!();
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

describe('public reads a few at a time (server/middleware/read-queue.ts)', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('runs at most `concurrency` reads at once; the others start in the order they came as turns free up', async () => {
    const app = await queuedApp({ concurrency: 2 });
    close = app.close;
    const paths = ['/api/1', '/api/2', '/api/3', '/page/4', '/api/5'];
    const sent = [];
    for (const path of paths) sent.push(await app.send(path));
    expect(app.started).toEqual(['/api/1', '/api/2']);
    expect(app.queue.stats()).toMatchObject({ running: 2, waiting: 3 });

    await app.finish('/api/2');
    await until(() => app.started.length === 3);
    expect(app.started).toEqual(['/api/1', '/api/2', '/api/3']);
    expect(app.queue.stats()).toMatchObject({ running: 2, waiting: 2 });
    for (const path of ['/api/1', '/api/3', '/page/4', '/api/5']) await app.finish(path);
    const answers = await Promise.all(sent.map((s) => s.answer));
    expect(answers.map((a) => JSON.parse(a.text).path)).toEqual(paths);
    expect(app.started).toEqual(paths);
    // Three of the five waited for their turn, and the time they waited is counted.
    expect(app.queue.stats()).toMatchObject({ running: 0, waiting: 0, turnedAway: 0, waited: 3 });
    expect(app.queue.stats().waitedSeconds).toBeGreaterThan(0);
  });

  it('lets what it does not apply to pass while every turn is taken', async () => {
    const app = await queuedApp({ concurrency: 1 });
    close = app.close;
    const first = await app.send('/api/1');
    const admin = await app.send('/admin/list');
    expect(app.started).toEqual(['/api/1', '/admin/list']);
    await app.finish('/admin/list');
    expect((await admin.answer).status).toBe(200);
    expect(app.queue.stats()).toMatchObject({ running: 1, waiting: 0 });
    await app.finish('/api/1');
    expect((await first.answer).status).toBe(200);
  });

  it('answers 503 with Retry-After at once when the line is full: {message} for the API, a line of text for a page', async () => {
    const app = await queuedApp({ concurrency: 1, maxWaiting: 1 });
    close = app.close;
    const first = await app.send('/api/1');
    const second = await app.send('/api/2');
    const api = await (await app.send('/api/3')).answer;
    expect(api).toMatchObject({ status: 503, retryAfter: '1' });
    expect(JSON.parse(api.text)).toEqual({ message: 'The directory is busy: try again in a moment.' });
    const page = await (await app.send('/city/berlin')).answer;
    expect(page).toMatchObject({ status: 503, retryAfter: '1', text: 'The directory is busy: try again in a moment.' });
    expect(page.type).toMatch(/^text\/plain/);
    expect(app.queue.stats()).toMatchObject({ running: 1, waiting: 1, turnedAway: 2 });

    await app.finish('/api/1');
    await app.finish('/api/2');
    expect((await first.answer).status).toBe(200);
    expect((await second.answer).status).toBe(200);
    expect(app.started).toEqual(['/api/1', '/api/2']);
  });

  it('lets one client address hold at most its share of the line (an IPv6 address by its /64); the others still get in', async () => {
    const app = await queuedApp({ concurrency: 1, maxWaitingPerClient: 2 });
    close = app.close;
    const first = await app.send('/api/1', undefined, '2001:db8:1:2::5');
    const flood = [await app.send('/api/f1', undefined, '2001:db8:1:2::5'), await app.send('/api/f2', undefined, '2001:db8:1:2:aaaa::7')];
    const refused = await (await app.send('/api/f3', undefined, '2001:db8:1:2::9')).answer;
    expect(refused).toMatchObject({ status: 503, retryAfter: '1' });
    const other = await app.send('/api/other', undefined, '198.51.100.4');
    expect(app.queue.stats()).toMatchObject({ running: 1, waiting: 3, turnedAway: 1 });

    for (const path of ['/api/1', '/api/f1', '/api/f2', '/api/other']) await app.finish(path);
    for (const sent of [first, ...flood, other]) expect((await sent.answer).status).toBe(200);
    expect(app.started).toEqual(['/api/1', '/api/f1', '/api/f2', '/api/other']);
    // Its places in line given back, the address may wait again.
    const again = await app.send('/api/again', undefined, '2001:db8:1:2::5');
    await app.finish('/api/again');
    expect((await again.answer).status).toBe(200);
  });

  it('drops a read whose client went away while it waited: it never runs and its turn goes to the next', async () => {
    const app = await queuedApp({ concurrency: 1 });
    close = app.close;
    const first = await app.send('/api/1');
    const leaving = new AbortController();
    const gone = await app.send('/api/gone', leaving.signal);
    const third = await app.send('/api/3');
    expect(app.queue.stats()).toMatchObject({ running: 1, waiting: 2 });
    leaving.abort();
    await expect(gone.answer).rejects.toThrow();
    await until(() => app.queue.stats().waiting === 1);

    await app.finish('/api/1');
    await app.finish('/api/3');
    expect((await first.answer).status).toBe(200);
    expect((await third.answer).status).toBe(200);
    expect(app.started).toEqual(['/api/1', '/api/3']);
    expect(app.queue.stats()).toMatchObject({ running: 0, waiting: 0, turnedAway: 0 });
  });

  it('passes the turn on when a read fails', async () => {
    const app = await queuedApp({ concurrency: 1 });
    close = app.close;
    const failing = await app.send('/api/fails');
    expect((await failing.answer).status).toBe(500);
    const next = await app.send('/api/2');
    await app.finish('/api/2');
    expect((await next.answer).status).toBe(200);
    expect(app.queue.stats()).toMatchObject({ running: 0, waiting: 0, turnedAway: 0 });
  });
});

describe('the app with one read at a time (READ_CONCURRENCY=1)', () => {
  let app: TestApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('answers many distinct public reads sent at once, each in full, and holds none of them after', async () => {
    app = await startTestApp({ readConcurrency: 1, metrics: { port: 0, host: '127.0.0.1' } });
    await seedBusinesses(app.db, ['Alpha Bakery', 'Beta Bakery', 'Gamma Café'].map((name) => ({ name, address: `${name} St 1`, city: 'Berlin', country: 'Germany', category: 'Bakery' })));
    await app.settle();
    const paths = ['/', '/cities', '/categories', '/city/berlin-germany', '/category/bakery', '/search?q=bakery', '/api/businesses/recent', '/api/search?q=beta', '/api/search?q=gamma', '/city/berlin-germany/bakery'];
    const answers = await Promise.all(paths.map((p) => fetch(app!.url + p).then(async (res) => ({ path: p, status: res.status, text: await res.text() }))));
    for (const a of answers) expect(a.status, a.path).toBe(200);
    expect(answers.find((a) => a.path === '/api/search?q=beta')!.text).toContain('Beta Bakery');
    expect(answers.find((a) => a.path === '/city/berlin-germany')!.text).toContain('Alpha Bakery');
    const metrics = await (await fetch(app.metricsUrl!)).text();
    expect(metrics).toMatch(/^rehber_public_reads_running 0$/m);
    expect(metrics).toMatch(/^rehber_public_reads_waiting 0$/m);
  });
});

describe('a read dropped from the app\'s line', () => {
  let app: TestApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('is never read when its visitor leaves while it waits, is logged as aborted, and the line goes on', async () => {
    const lines: { msg: string; path?: string; status?: number; aborted?: boolean }[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    app = await startTestApp({ readConcurrency: 1, metrics: { port: 0, host: '127.0.0.1' } }, { logger: pino({ level: 'info' }, sink) });
    await seedBusinesses(app.db, [{ name: 'Alpha Bakery', address: 'Alpha St 1', city: 'Berlin', country: 'Germany', category: 'Bakery' }]);
    await app.settle();
    const gauge = async (name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(await (await fetch(app!.metricsUrl!)).text())![1]);

    // The one turn is held by a read that waits for a lock on the categories.
    const lock = await app.db.transaction();
    await lock.raw('LOCK TABLE categories IN ACCESS EXCLUSIVE MODE');
    const held = fetch(`${app.url}/api/categories?n=1`).then((r) => r.status);
    await expect.poll(() => gauge('rehber_public_reads_running')).toBe(1);
    const leaving = new AbortController();
    const gone = fetch(`${app.url}/api/categories?n=2`, { signal: leaving.signal });
    gone.catch(() => {});
    await expect.poll(() => gauge('rehber_public_reads_waiting')).toBe(1);
    leaving.abort();
    await expect.poll(() => gauge('rehber_public_reads_waiting')).toBe(0);
    // It left the line without taking the turn: the held read still has it.
    expect(await gauge('rehber_public_reads_running')).toBe(1);
    const next = fetch(`${app.url}/api/categories?n=3`).then(async (r) => [r.status, Array.isArray(await r.json())]);
    await expect.poll(() => gauge('rehber_public_reads_waiting')).toBe(1);
    await lock.commit();

    expect(await held).toBe(200);
    expect(await next).toEqual([200, true]);
    await expect.poll(() => lines.filter((l) => l.msg === 'request' && l.path === '/api/categories').length).toBe(3);
    // The read that left never took a turn; the one after it waited for its turn.
    const metrics = await (await fetch(app.metricsUrl!)).text();
    expect(metrics).toMatch(/^rehber_public_reads_waited_total 1$/m);
    expect(Number(/^rehber_public_read_wait_seconds_total (\S+)$/m.exec(metrics)![1])).toBeGreaterThan(0);
    const flags = lines.filter((l) => l.msg === 'request' && l.path === '/api/categories').map((l) => Boolean(l.aborted));
    expect([flags.length, flags.filter(Boolean).length]).toEqual([3, 1]);
  });
});
