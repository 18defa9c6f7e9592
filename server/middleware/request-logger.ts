import type { Middleware } from 'koa';
import type { Logger } from 'pino';

/** One line per request: method, path, status, duration. */
export function requestLogger(logger: Logger): Middleware {
  return async (ctx, next) => {
    const start = performance.now();
    try {
      await next();
    } finally {
      logger.info({ method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(performance.now() - start) }, 'request');
    }
  };
}
