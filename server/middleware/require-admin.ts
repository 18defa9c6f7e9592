import type { Context, Middleware } from 'koa';
import type { Db } from '../../db/index.js';
import { CURRENT_STAMP, sessionUserIsCurrent } from '../../db/queries/users.js';
import { unauthorized } from '../errors.js';
import { sessionOf, type AdminSession } from './session.js';

/**
 * The session's admin when it still exists with the password the session was opened with;
 * otherwise null, and a stale session is ended (its row deleted, its cookie expired). Checked on
 * every call, so removing an admin or resetting its password ends its sessions whatever wrote
 * them, a sign-in in flight at that moment included.
 */
export async function currentAdmin(ctx: Context, db: Db): Promise<AdminSession | null> {
  const session = sessionOf(ctx);
  if (!session?.userId) return null;
  if (typeof session.stamp === 'string' && (await isCurrent(db, session))) return session;
  (ctx as unknown as { session: null }).session = null;
  return null;
}

/**
 * Whether the session's user still has the password the session was opened with: from the stamp
 * the store read with the session, else (a session made in this request) asked.
 */
async function isCurrent(db: Db, session: AdminSession): Promise<boolean> {
  const now = (session as unknown as Record<string, unknown>)[CURRENT_STAMP];
  if (now !== undefined) return now === session.stamp;
  return sessionUserIsCurrent(db, session.userId!, session.stamp!);
}

/** The guard: a signed-in admin or 401. Mounted on the admin routers (routes/admin/router.ts), never by path. */
export function requireAdmin(db: Db): Middleware {
  return async (ctx, next) => {
    if (!(await currentAdmin(ctx, db))) throw unauthorized();
    await next();
  };
}
