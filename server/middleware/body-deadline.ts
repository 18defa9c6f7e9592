/**
 * How long a request body may take (docs/security-limits.md). Node's own requestTimeout covers a
 * whole request, and one number cannot suit both a sign-in and a 1 GB upload, so the server's is
 * only a last resort; this middleware watches each body as it arrives:
 * - anyone's body must arrive whole within `bodyTimeoutMs` and never go silent for `bodyIdleMs`
 *   (it is watched until it ends, even after an early answer such as a 401 or a 413, since Node
 *   still reads the rest of it);
 * - once a signed-in admin is known (`allowLongBody`), the body may take as long as it needs as
 *   long as it keeps arriving at `minBytesPerSecond` averaged over each `windowMs`.
 * A body that breaks its rule has its connection destroyed: nothing more can be answered on it, and
 * whatever was reading it (the upload's file) fails and cleans up.
 */
import type http from 'node:http';
import type { Context, Middleware } from 'koa';

export interface BodyLimits {
  bodyTimeoutMs: number;
  bodyIdleMs: number;
  minBytesPerSecond: number;
  windowMs: number;
  /** Node's headersTimeout: the request line and headers must arrive within this. */
  headersTimeoutMs: number;
}

export const DEFAULT_BODY_LIMITS: Omit<BodyLimits, 'minBytesPerSecond'> = {
  bodyTimeoutMs: 60_000,
  bodyIdleMs: 15_000,
  windowMs: 30_000,
  headersTimeoutMs: 20_000,
};
/** The default minimum rate of a signed-in admin's body (UPLOAD_MIN_KB_PER_S). */
export const DEFAULT_MIN_KB_PER_SECOND = 16;

const LONG_BODY = 'rehberLongBody';

const hasBody = (req: http.IncomingMessage) => {
  const length = req.headers['content-length'];
  return length !== undefined ? length !== '0' : req.headers['transfer-encoding'] !== undefined;
};

/** Watches every request body under `limits`; mounted first so nothing reads a body unwatched. */
export function bodyDeadline(limits: BodyLimits): Middleware {
  return async (ctx, next) => {
    if (hasBody(ctx.req) && !ctx.req.complete) ctx.state[LONG_BODY] = watch(ctx.req, limits);
    await next();
  };
}

/** This request's body may be long and slow (a signed-in admin's upload), under the minimum rate. */
export function allowLongBody(ctx: Context): void {
  (ctx.state[LONG_BODY] as (() => void) | undefined)?.();
}

/** Starts watching `req`'s body; the function returned switches it to the minimum-rate rule. */
function watch(req: http.IncomingMessage, limits: BodyLimits): () => void {
  const socket = req.socket;
  const started = Date.now();
  let lastBytes = socket.bytesRead;
  let lastProgress = started;
  let window: { start: number; bytes: number } | null = null;
  const tick = Math.max(20, Math.min(limits.bodyIdleMs, limits.windowMs) / 5);
  const stop = () => {
    clearInterval(timer);
    socket.off('close', stop);
  };
  const timer = setInterval(() => {
    if (req.complete || socket.destroyed) return stop();
    const now = Date.now();
    const bytes = socket.bytesRead;
    if (bytes !== lastBytes) {
      lastBytes = bytes;
      lastProgress = now;
    }
    let broken: boolean;
    if (window) {
      broken = now - window.start >= limits.windowMs && (bytes - window.bytes) * 1000 < limits.minBytesPerSecond * (now - window.start);
      if (!broken && now - window.start >= limits.windowMs) window = { start: now, bytes };
    } else {
      broken = now - lastProgress >= limits.bodyIdleMs || now - started >= limits.bodyTimeoutMs;
    }
    if (broken) {
      stop();
      socket.destroy();
    }
  }, tick);
  timer.unref();
  socket.once('close', stop);
  return () => {
    window ??= { start: Date.now(), bytes: socket.bytesRead };
  };
}

/**
 * Node's own timeouts, the last resort behind the middleware: headers within `headersTimeoutMs`,
 * a whole request within the time the largest upload takes at the minimum rate (any slower upload
 * has already broken that rate).
 */
export function applyServerTimeouts(server: http.Server, limits: BodyLimits, uploadMaxBytes: number): void {
  const longest = Math.ceil((uploadMaxBytes / limits.minBytesPerSecond) * 1000) + limits.windowMs;
  server.requestTimeout = Math.max(longest, limits.bodyTimeoutMs, limits.headersTimeoutMs);
  server.headersTimeout = limits.headersTimeoutMs;
}
