import type Router from '@koa/router';
import type { AppDeps } from '../../deps.js';
import type { AdminCheck } from '../../../domain/types.js';
import {
  LOGIN_MAX_FAILURES,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
  LOGIN_WINDOW_MS,
  MAX_PASSWORD_LENGTH,
  USERNAME_MAX_LENGTH,
} from '../../../domain/constants.js';
import { badRequest, tooManyRequests, unauthorized } from '../../errors.js';
import { verifyUser } from '../../../db/queries/users.js';
import { clearLoginAttempts, countLoginAttempt } from '../../../db/queries/login-attempts.js';
import { sessionOf } from '../../middleware/session.js';
import { currentAdmin } from '../../middleware/require-admin.js';
import { throttleAddress } from '../../client-address.js';
import { adminRouter } from './router.js';

/** POST /api/admin/login, POST /api/admin/logout, GET /api/admin/check. */
export function authRoutes(deps: AppDeps): Router {
  const { db } = deps;
  // Open: signing in and out and asking whether one is signed in need no session.
  const router = adminRouter(deps, { open: true });

  router.post('/login', async (ctx) => {
    const { username, password } = (ctx.request.body ?? {}) as { username?: unknown; password?: unknown };
    if (typeof username !== 'string' || !username.trim() || typeof password !== 'string' || !password) {
      throw badRequest('Username and password are required');
    }
    // Refused before anything is counted or stored: no admin can have such a name or password.
    if (username.trim().length > USERNAME_MAX_LENGTH) throw badRequest(`The username must have at most ${USERNAME_MAX_LENGTH} characters`);
    if (password.length > MAX_PASSWORD_LENGTH) throw badRequest(`The password must have at most ${MAX_PASSWORD_LENGTH} characters`);
    // Per address and per address + username (whatever its case), counted before the password is
    // checked. Never per username alone: then anyone could lock the admin out from anywhere.
    const address = throttleAddress(ctx.ip);
    const ipKey = `ip:${address}`;
    const ipUserKey = `ipuser:${address}|${username.trim().toLowerCase()}`;
    const { blocked } = await countLoginAttempt(
      db,
      [{ key: ipKey, limit: LOGIN_MAX_FAILURES_PER_ADDRESS }, { key: ipUserKey, limit: LOGIN_MAX_FAILURES }],
      LOGIN_WINDOW_MS,
    );
    if (blocked) throw tooManyRequests('Too many failed sign-in attempts, try again later');
    const user = await verifyUser(db, username.trim(), password);
    if (!user) throw unauthorized('Invalid credentials');
    await clearLoginAttempts(db, ipUserKey, ipKey);
    const session = sessionOf(ctx)!;
    session.userId = user.id;
    session.username = user.username;
    session.stamp = user.stamp;
    // A fresh id at sign-in, so an id planted before it (session fixation) is worth nothing.
    await session.regenerate();
    ctx.body = { success: true };
  });

  router.post('/logout', async (ctx) => {
    // Setting null makes koa-session destroy the stored row and expire the cookie.
    (ctx as unknown as { session: null }).session = null;
    ctx.body = { success: true };
  });

  router.get('/check', async (ctx) => {
    const session = await currentAdmin(ctx, db);
    const body: AdminCheck = session?.userId ? { authenticated: true, username: session.username } : { authenticated: false };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  });

  return router;
}
