import type { Context, Middleware } from 'koa';
import type { Logger } from 'pino';
import { AppError } from '../errors.js';
import { isApiPath } from '../routes/router.js';
import { InputError } from '../../domain/errors.js';

/**
 * Mounted first: every failure below becomes its status with a message: `{message}`, or one line
 * of text to a browser asking for a page (as the public reads' line answers a page it turns away).
 * Known errors keep their message; anything unexpected is logged and hidden behind a generic one
 * (no stack traces out). A method no route knows (TRACE, PROPFIND), which the routers answer 501,
 * is refused as any other the path's routes do not allow: 405 with their Allow header, or 404 on a
 * path no route serves, as a POST to a page is.
 */
export function errorHandler(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 501 && ctx.body === undefined) {
        // On a path with routes, the methods they allow are said; on any other, none is (POST's 404).
        if (ctx.response.get('Allow')) ctx.status = 405;
        else {
          ctx.remove('Allow');
          ctx.status = 404;
        }
      }
      if (ctx.body === undefined && (ctx.status === 405 || (ctx.status === 404 && isApiPath(ctx.path)))) {
        answer(ctx, ctx.status, ctx.status === 405 ? `The method ${ctx.method} is not allowed here` : 'Not found');
      }
    } catch (err) {
      const { status, message } = describe(err);
      if (status >= 500) logger.error({ err, path: ctx.path }, 'request failed');
      answer(ctx, status, message);
    }
  };
}

/** `{message}`, or one line of text to a browser asking for a page (any path but /api's that prefers HTML). */
function answer(ctx: Context, status: number, message: string): void {
  ctx.status = status;
  if (isApiPath(ctx.path) || ctx.accepts('json', 'html') !== 'html') ctx.body = { message };
  else {
    ctx.type = 'text/plain; charset=utf-8';
    ctx.body = `${message}\n`;
  }
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
