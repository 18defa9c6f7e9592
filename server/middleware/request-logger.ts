import type { Context, Middleware } from 'koa';
import type { Logger } from 'pino';

/**
 * One line per request: method, path, the status the client was sent, duration. Mounted outside
 * the error handler, so refusals are logged with their own status. A request whose client hung up
 * before sending the body it announced, or before its answer was ready (a read dropped from the
 * line of reads, server/middleware/read-queue.ts), is marked `aborted` (nothing was delivered to it).
 */
export function requestLogger(logger: Logger): Middleware {
  return async (ctx, next) => {
    const start = performance.now();
    try {
      await next();
    } finally {
      const line = { method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(performance.now() - start) };
      logger.info(requestCutShort(ctx) ? { ...line, aborted: true } : line, 'request');
    }
  };
}

/** The client closed the connection before its request body was complete, or before any answer was sent. */
const requestCutShort = (ctx: Context): boolean =>
  (!ctx.req.complete && (ctx.req.destroyed || ctx.req.readableAborted)) || (ctx.res.destroyed && !ctx.res.headersSent);
