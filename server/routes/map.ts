import fs from 'node:fs';
import type Router from '@koa/router';
import type { MapTiles } from '../../domain/site-config.js';
import type { Config } from '../config.js';
import type { AppDeps } from '../deps.js';
import { cacheControl } from '../freshness/cache-control.js';
import { newRouter } from './router.js';

/** Where the server serves the operator's PMTiles archive (MAP_PMTILES_FILE). */
export const PMTILES_PATH = '/map/tiles.pmtiles';

/** What the web client is told about the map's tiles; undefined without MAP_TILE_URL or MAP_PMTILES_FILE. */
export function mapTilesOf(config: Pick<Config, 'map'>): MapTiles | undefined {
  const map = config.map;
  if (!map) return undefined;
  const attribution = map.attribution ?? '';
  return 'pmtilesFile' in map ? { tiles: PMTILES_PATH, pmtiles: true, attribution } : { tiles: map.tileUrl, pmtiles: false, attribution };
}

/**
 * A byte range of a file `size` bytes long from a Range header: `bytes=a-b`, `bytes=a-` or
 * `bytes=-n`. Null when the header asks for nothing this file has (416); undefined when there is no
 * single byte range to honour (the whole file is sent).
 */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | null | undefined {
  const m = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    return suffix > 0 && size > 0 ? { start: Math.max(0, size - suffix), end: size - 1 } : null;
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  return start < size && start <= end ? { start, end } : null;
}

/**
 * The PMTiles archive, served by the server itself so the directory needs no tile service: the
 * browser's PMTiles reader asks for byte ranges (the header, directories, one tile each).
 */
export function mapRoutes({ config }: Pick<AppDeps, 'config'>): Router {
  const router = newRouter();
  const map = config.map;
  if (!map || !('pmtilesFile' in map)) return router;
  const file = map.pmtilesFile;

  router.get(PMTILES_PATH, async (ctx) => {
    // Opened per request: an operator may replace the file while the server runs.
    const handle = await fs.promises.open(file);
    try {
      const stat = await handle.stat();
      const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
      cacheControl(ctx, 'map-tiles');
      ctx.set('Accept-Ranges', 'bytes');
      ctx.set('ETag', etag);
      ctx.type = 'application/vnd.pmtiles';
      const range = byteRange(ctx.get('Range') || undefined, stat.size);
      if (range === null) {
        ctx.status = 416;
        ctx.set('Content-Range', `bytes */${stat.size}`);
        await handle.close();
        return;
      }
      const { start, end } = range ?? { start: 0, end: stat.size - 1 };
      if (range) {
        ctx.status = 206;
        ctx.set('Content-Range', `bytes ${start}-${end}/${stat.size}`);
      }
      ctx.length = end - start + 1;
      if (ctx.length === 0) {
        await handle.close();
        ctx.body = '';
        return;
      }
      // The stream closes the handle when it ends.
      ctx.body = handle.createReadStream({ start, end });
    } catch (err) {
      await handle.close();
      throw err;
    }
  });
  return router;
}
