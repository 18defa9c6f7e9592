import fs from 'node:fs';
import path from 'node:path';

export interface SweepResult {
  /** Source folders removed, least recently used first. */
  removed: number;
  freedBytes: number;
  /** What the cache holds afterwards. */
  keptBytes: number;
}

/** A sweep brings an over-full cache down to this share of its bound, so the next one is not due at once. */
const LOW_WATER = 0.9;
/**
 * A source used (or written) this recently is kept whatever the bound: removing the photos of the
 * page being shown only makes the next request download them again, over and over at a full cache.
 * The bound may be exceeded by what was made in the last minute.
 */
export const SWEEP_KEEPS_RECENT_MS = 60_000;

/**
 * Keeps the photo cache (`<cacheDir>/<xx>/<sha256>/…`, see photo-store.ts) under `maxBytes`: when it
 * holds more, whole source folders go (master, sizes and failure marker together), least recently
 * used first, until it holds LOW_WATER of the bound, keeping those used in the last
 * SWEEP_KEEPS_RECENT_MS. A folder's mtime is its last use: creating a
 * file in it moves it, and PhotoStore refreshes it on hits. A folder with a fetch in progress
 * (`fetch.lock`) is left alone. Several servers may sweep one shared volume at once: what another
 * removed first is simply gone, and a file already open keeps being served.
 */
export async function sweepPhotoCache(cacheDir: string, maxBytes: number, keepRecentMs = SWEEP_KEEPS_RECENT_MS): Promise<SweepResult> {
  const sources = await listSources(cacheDir);
  let kept = sources.reduce((sum, s) => sum + s.bytes, 0);
  const result: SweepResult = { removed: 0, freedBytes: 0, keptBytes: kept };
  if (kept <= maxBytes) return result;
  sources.sort((a, b) => a.usedAt - b.usedAt);
  const recent = Date.now() - keepRecentMs;
  for (const source of sources) {
    if (kept <= maxBytes * LOW_WATER || source.usedAt > recent) break;
    if (source.fetching) continue;
    await fs.promises.rm(source.dir, { recursive: true, force: true });
    kept -= source.bytes;
    result.removed += 1;
    result.freedBytes += source.bytes;
  }
  result.keptBytes = kept;
  return result;
}

interface Source {
  dir: string;
  bytes: number;
  usedAt: number;
  fetching: boolean;
}

async function listSources(cacheDir: string): Promise<Source[]> {
  const sources: Source[] = [];
  for (const shard of await entries(cacheDir)) {
    if (!/^[0-9a-f]{2}$/.test(shard)) continue;
    for (const key of await entries(path.join(cacheDir, shard))) {
      if (!/^[0-9a-f]{64}$/.test(key)) continue;
      const dir = path.join(cacheDir, shard, key);
      const stat = await fs.promises.stat(dir).catch(() => null);
      if (!stat?.isDirectory()) continue;
      const files = await entries(dir);
      const sizes = await Promise.all(files.map((f) => fs.promises.stat(path.join(dir, f)).then((s) => s.size, () => 0)));
      sources.push({ dir, bytes: sizes.reduce((a, b) => a + b, 0), usedAt: stat.mtimeMs, fetching: files.includes('fetch.lock') });
    }
  }
  return sources;
}

const entries = (dir: string) => fs.promises.readdir(dir).catch(() => [] as string[]);
