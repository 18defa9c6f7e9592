import { randomUUID } from 'node:crypto';
import type Koa from 'koa';
import type { Context } from 'koa';
import createSession from 'koa-session';
import type { AppDeps } from '../deps.js';
import { deleteExpiredSessions, destroySession, getSession, saveSession } from '../../db/queries/sessions.js';

/** What a signed-in admin's session holds. */
export interface AdminSession {
  userId?: string;
  username?: string;
  /** Which password the session was opened with (db/queries/users.ts). */
  stamp?: string;
  regenerate(): Promise<void>;
}

export const SESSION_COOKIE = 'rehber.sid';
export const SESSION_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const FRESH_SID = 'rehber.freshSessionId';
// Expired rows are already ignored on read; sweeping them now and then keeps the table small.
const SWEEP_EVERY_WRITES = 200;

/** The request's session (null after logout), typed. */
export const sessionOf = (ctx: Context): AdminSession | null => (ctx as unknown as { session: AdminSession | null }).session;

/**
 * koa-session with its data in PostgreSQL: the cookie carries only a signed random id. httpOnly,
 * SameSite=Lax; Secure is left to koa-session, which sets it when the request is HTTPS (with
 * TRUST_PROXY, as told by X-Forwarded-Proto).
 */
export function sessions(app: Koa, { db, logger }: Pick<AppDeps, 'db' | 'logger'>): Koa.Middleware {
  let writes = 0;
  return createSession(
    {
      key: SESSION_COOKIE,
      maxAge: SESSION_MAX_AGE_MS,
      httpOnly: true,
      sameSite: 'lax',
      signed: true,
      renew: true,
      // Ids made in this request are remembered on it: only they may create a stored session.
      genid: (ctx: Context) => {
        const sid = randomUUID();
        ctx.state[FRESH_SID] = sid;
        return sid;
      },
      store: {
        get: async (sid: string) => getSession(db, sid),
        set: async (sid: string, data: Record<string, unknown>, maxAge: number, options?: { ctx?: Context }) => {
          await saveSession(db, sid, data, maxAge, { create: options?.ctx?.state[FRESH_SID] === sid });
          if (++writes % SWEEP_EVERY_WRITES === 0) {
            deleteExpiredSessions(db).catch((err) => logger.warn({ err }, 'session sweep failed'));
          }
        },
        destroy: async (sid: string) => destroySession(db, sid),
      },
    },
    app,
  );
}
