import type { Context } from 'koa';

/**
 * A JSON answer set as the text it is sent as. An object body is stringified three times on its
 * way out (the answer cache keeps its text, Koa measures its length, then sends it); the lists'
 * answers (24 businesses with facets) are the largest the API sends many of, so they are
 * stringified once. The type is set first: a string body would otherwise be taken for text.
 */
export function sendJson(ctx: Context, value: unknown): void {
  ctx.type = 'json';
  ctx.body = JSON.stringify(value);
}
