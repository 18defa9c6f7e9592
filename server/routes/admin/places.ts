import type Router from '@koa/router';
import type { AppDeps } from '../../deps.js';
import { conflict } from '../../errors.js';
import { adminRouter } from './router.js';
import { reresolvePlaces, type ReresolveResult } from '../../../data/store/reresolve.js';
import type { ReresolveStatus } from '../../../domain/types.js';

/**
 * Re-resolution of every business's place from the admin's countries page (the same job as
 * `rehber db reresolve`). It takes minutes on a million businesses, longer than a request may, so
 * POST starts it in the background and answers 202; GET reports how far it got. One run per
 * server process at a time; a run in another process only costs time (batches take the import lock).
 */
export function placesAdminRoutes(deps: AppDeps): Router {
  const { db, logger } = deps;
  const router = adminRouter(deps);
  let status: ReresolveStatus = { running: false, checked: 0, changed: 0, citiesRemoved: 0, countriesRemoved: 0, finishedAt: null, error: null };

  router.get('/places/reresolve', (ctx) => {
    ctx.body = status;
  });

  router.post('/places/reresolve', (ctx) => {
    if (status.running) throw conflict('Places are already being re-resolved');
    status = { running: true, checked: 0, changed: 0, citiesRemoved: 0, countriesRemoved: 0, finishedAt: null, error: null };
    reresolvePlaces(db, { onProgress: (checked) => (status = { ...status, checked }) })
      .then((r: ReresolveResult) => (status = { ...status, ...r, running: false, finishedAt: new Date().toISOString() }))
      .catch((err: Error) => {
        logger.error({ err }, 're-resolution failed');
        status = { ...status, running: false, finishedAt: new Date().toISOString(), error: 'Re-resolution stopped: see the server log' };
      });
    ctx.status = 202;
    ctx.body = status;
  });

  return router;
}
