import type { Context, Middleware } from 'koa';
import type { Db } from '../../db/index.js';
import { sessionUserIsCurrent } from '../../db/queries/users.js';
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
  if (typeof session.stamp === 'string' && (await sessionUserIsCurrent(db, session.userId, session.stamp))) return session;
  (ctx as unknown as { session: null }).session = null;
  return null;
}

/** The guard: a signed-in admin or 401. Mounted on the admin routers (routes/admin/router.ts), never by path. */
export function requireAdmin(db: Db): Middleware {
  return async (ctx, next) => {
    if (!(await currentAdmin(ctx, db))) throw unauthorized();
    await next();
  };
}
