/**
 * Public reads that the kept answers do not serve (each a render, a search or a list read) run a
 * few at a time; the rest wait their turn in the order they came (docs/performance.md, "Public
 * reads a few at a time"). Interleaved on one event loop, thirty-two such reads each waited behind
 * every other's work at each of its steps, so a slow one was stretched by all the others and set
 * the p99; in turn, each runs nearly alone and the wait is the line's, about the same for all.
 * Admin requests, assets, photos and kept answers never wait.
 */
import type { Context, Middleware, Next } from 'koa';
import { isApiPath } from '../routes/router.js';
import { throttleAddress } from '../client-address.js';

/** Reads running at once when READ_CONCURRENCY is unset: the best of 2 to 8 measured on two cores. */
export const DEFAULT_READ_CONCURRENCY = 4;

/**
 * Reads waiting at most: past it a read is answered 503 at once. At the few hundred reads a second
 * a core serves, the last of them waits a few seconds; a stranger opening thousands of
 * connections makes the server hold no more than this many waiting reads.
 */
export const READ_QUEUE_MAX_WAITING = 1_000;

/**
 * Reads of one client address waiting at most (an IPv6 address counts as its /64, as sign-in
 * attempts do): one address flooding the line takes a tenth of it, and the others still get in.
 * A browser asks a page and a few API answers at a time; a crawler far fewer than this.
 */
export const READ_QUEUE_MAX_WAITING_PER_CLIENT = 100;

const BUSY_MESSAGE = 'The directory is busy: try again in a moment.';

export interface ReadQueue {
  middleware: Middleware;
  /**
   * Reads running now, waiting now, answered 503 since start, and since start those that waited
   * for their turn with the seconds they waited in all (for the metrics).
   */
  stats(): { running: number; waiting: number; turnedAway: number; waited: number; waitedSeconds: number };
}

export interface ReadQueueOptions {
  concurrency: number;
  /** Which requests take a turn; the others pass straight through. */
  applies: (ctx: Context) => boolean;
  maxWaiting?: number;
  maxWaitingPerClient?: number;
}

export function readQueue({ concurrency, applies, maxWaiting = READ_QUEUE_MAX_WAITING, maxWaitingPerClient = READ_QUEUE_MAX_WAITING_PER_CLIENT }: ReadQueueOptions): ReadQueue {
  let running = 0;
  let turnedAway = 0;
  let waited = 0;
  let waitedMs = 0;
  const waiting: (() => void)[] = [];
  /** Reads waiting, by client address. */
  const byClient = new Map<string, number>();
  const count = (client: string, by: number) => {
    const n = (byClient.get(client) ?? 0) + by;
    if (n > 0) byClient.set(client, n);
    else byClient.delete(client);
  };

  /** The turn goes to the next in line, or back to the pool when nobody waits. */
  const pass = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };

  /** A read with its turn; the turn passes on when it ends, however it ends. */
  const run = async (next: Next) => {
    try {
      await next();
    } finally {
      pass();
    }
  };

  /** Resolves true when the turn came, false when the client went away first (its turn never taken). */
  const wait = (ctx: Context, client: string): Promise<boolean> => {
    count(client, 1);
    const since = performance.now();
    return new Promise((resolve) => {
      const take = () => {
        ctx.res.off('close', leave);
        count(client, -1);
        waited++;
        waitedMs += performance.now() - since;
        resolve(true);
      };
      // The response closes before it is sent only when the connection does.
      const leave = () => {
        const at = waiting.indexOf(take);
        if (at >= 0) waiting.splice(at, 1);
        count(client, -1);
        resolve(false);
      };
      waiting.push(take);
      ctx.res.once('close', leave);
    });
  };

  const middleware: Middleware = async (ctx, next) => {
    if (!applies(ctx)) return next();
    if (running < concurrency) {
      running++;
      return run(next);
    }
    // The client's address is needed only by a read that has to wait.
    const client = throttleAddress(ctx.ip);
    if (waiting.length >= maxWaiting || (byClient.get(client) ?? 0) >= maxWaitingPerClient) {
      turnedAway++;
      ctx.status = 503;
      ctx.set('Retry-After', '1');
      ctx.body = isApiPath(ctx.path) ? { message: BUSY_MESSAGE } : BUSY_MESSAGE;
      return;
    }
    if (await wait(ctx, client)) await run(next);
  };

  return { middleware, stats: () => ({ running, waiting: waiting.length, turnedAway, waited, waitedSeconds: waitedMs / 1000 }) };
}
