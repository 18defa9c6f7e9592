import { Stream } from 'node:stream';
import type { Context, Middleware } from 'koa';

/**
 * Once a request's answer has been handed to the network, its context lets go of the answer's
 * body and of the state its reads left (their rows, facets and promises): nothing reads them after.
 *
 * Why it matters: a public read that waits for its turn (read-queue.ts) lives through a young
 * collection or two, so V8 moves its context (Koa's, and Node's request and response) to the old
 * generation. A young object that an old one points to survives every young collection, even once
 * the old one is garbage, until the next full collection finds both dead. So each page's rows,
 * render state and bytes outlived their request and were moved to the old generation too. A page's
 * bytes live outside V8's heap, and V8 starts a full collection when 64 MB of those pile up
 * ("external memory pressure"): on the generated million, one every 3.7 s of category pages, each
 * holding every request in flight for 60-100 ms. They set the pages' p99
 * (docs/performance.md, "A request lets go of its answer").
 */
export function letGo(): Middleware {
  return async (ctx, next) => {
    // After the response's other 'finish' listeners (Koa's own among them) have run.
    ctx.res.once('finish', () => setImmediate(release, ctx));
    await next();
  };
}

/**
 * Drops the body and the state of a request whose answer was sent. Its headers are gone, so Koa's
 * body setter changes no status or header now. A stream body (a file, a compressed answer) has
 * ended by then and is left to end its own way.
 */
function release(ctx: Context): void {
  if (!(ctx.body instanceof Stream)) ctx.body = null;
  ctx.state = {};
}
