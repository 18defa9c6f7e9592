import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import Koa from 'koa';
import { afterEach, describe, expect, it } from 'vitest';
import { letGo } from './let-go.js';

/** A real Koa app on loopback with letGo outermost; each route's context is kept for the test to look at. */
async function appWith(route: Koa.Middleware) {
  const contexts: Koa.Context[] = [];
  // What a listener of the response's 'finish' (a logger, metrics) saw of the context.
  const atFinish: unknown[] = [];
  const app = new Koa();
  app.use(letGo());
  app.use(async (ctx, next) => {
    contexts.push(ctx);
    ctx.res.once('finish', () => atFinish.push({ body: ctx.body, state: { ...ctx.state } }));
    await next();
  });
  app.use(route);
  const server = await new Promise<http.Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, contexts, atFinish, close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }) };
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** Until the release after 'finish' has run (it is put off by one turn of the event loop). */
const released = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('a request lets go of its answer once it is sent', () => {
  it('sends a page whole, then its context holds neither its bytes nor what its reads left', async () => {
    const page = Buffer.from(`<!doctype html><p>${'Bäckerei Müller · '.repeat(2000)}</p>`);
    const app = await appWith(async (ctx) => {
      ctx.state.reads = { rows: [{ id: 1, name: 'Bäckerei Müller' }] };
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = page;
    });
    close = app.close;
    const res = await fetch(app.url + '/city/berlin/bakery');
    const body = Buffer.from(await res.arrayBuffer());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-length')).toBe(String(page.length));
    expect(body.equals(page)).toBe(true);
    await released();
    const [ctx] = app.contexts;
    expect(ctx.body).toBeNull();
    expect(ctx.state).toEqual({});
    // The answer as sent is untouched: the status and headers stay what the client got.
    expect(ctx.status).toBe(200);
    expect(ctx.length).toBe(page.length);
    // What listened to 'finish' saw it all.
    expect(app.atFinish).toEqual([{ body: page, state: { reads: { rows: [{ id: 1, name: 'Bäckerei Müller' }] } } }]);
  });

  it('lets go of a JSON answer and of a 404 alike', async () => {
    const app = await appWith(async (ctx) => {
      if (ctx.path === '/api/missing') ctx.throw(404, 'City not found');
      ctx.body = { items: [{ id: 1 }], total: 1 };
    });
    close = app.close;
    const ok = await fetch(app.url + '/api/businesses');
    expect(await ok.json()).toEqual({ items: [{ id: 1 }], total: 1 });
    const missing = await fetch(app.url + '/api/missing');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('City not found');
    await released();
    // Koa keeps the text 'null' as a JSON answer's empty body.
    expect(app.contexts.map((c) => c.body)).toEqual(['null', null]);
    expect(app.contexts.map((c) => c.status)).toEqual([200, 404]);
  });

  it('leaves a stream body alone and keeps a request whose client left before its answer', async () => {
    let finishRead!: () => void;
    const app = await appWith(async (ctx) => {
      if (ctx.path === '/slow') {
        ctx.state.reads = 'still reading';
        await new Promise<void>((resolve) => (finishRead = resolve));
        ctx.body = 'too late';
        return;
      }
      ctx.body = Readable.from(['a,b\n', '1,2\n']);
    });
    close = app.close;
    expect(await (await fetch(app.url + '/export.csv')).text()).toBe('a,b\n1,2\n');
    const aborted = new AbortController();
    const gone = fetch(app.url + '/slow', { signal: aborted.signal }).catch(() => 'aborted');
    while (app.contexts.length < 2) await new Promise((r) => setTimeout(r, 5));
    aborted.abort();
    expect(await gone).toBe('aborted');
    await released();
    const [stream, slow] = app.contexts;
    expect(stream.body).toBeInstanceOf(Readable);
    // Never sent: nothing let go of under the read still running.
    expect(slow.state).toEqual({ reads: 'still reading' });
    finishRead();
  });
});
