import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { AppError } from '../errors.js';
import { isApiPath } from '../routes/router.js';
import { InputError } from '../../domain/errors.js';

/**
 * Mounted first: every failure below becomes `{message}` with its status. Known errors keep their
 * message; anything unexpected is logged and hidden behind a generic one (no stack traces out).
 */
export function errorHandler(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined && isApiPath(ctx.path)) {
        ctx.status = 404;
        ctx.body = { message: 'Not found' };
      }
    } catch (err) {
      const { status, message } = describe(err);
      if (status >= 500) logger.error({ err, path: ctx.path }, 'request failed');
      ctx.status = status;
      ctx.body = { message };
    }
  };
}

function describe(err: unknown): { status: number; message: string } {
  if (err instanceof AppError) return { status: err.status, message: err.message };
  // Errors of the data pipeline carry their own meaning (bad file, bad value): a client error.
  if (err instanceof InputError) return { status: err.status, message: err.message };
  const e = err as { status?: number; statusCode?: number; expose?: boolean; message?: string; type?: string };
  const status = e.status ?? e.statusCode;
  // http-errors from koa/bodyparser (malformed JSON, body too large) are safe to show.
  if (status && status >= 400 && status < 500 && e.expose) return { status, message: e.message ?? 'Bad request' };
  return { status: 500, message: 'Internal server error' };
}
