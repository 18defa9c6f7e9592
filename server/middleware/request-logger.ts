import type { Context, Middleware } from 'koa';
import type { Logger } from 'pino';

/**
 * One line per request: method, path, the status the client was sent, duration. Mounted outside
 * the error handler, so refusals are logged with their own status. A request whose client hung up
 * before sending the body it announced is marked `aborted` (nothing was delivered to it).
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

/** The client closed the connection before its request body was complete. */
const requestCutShort = (ctx: Context): boolean => !ctx.req.complete && (ctx.req.destroyed || ctx.req.readableAborted);
