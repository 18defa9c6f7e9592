import fs from 'node:fs';
import { BoundedCache } from '../../domain/bounded-cache.js';

/** How long a looked-at modification time is trusted. */
const TRUSTED_MS = 1_000;
/** A handful of built files are looked at (index.html, the server entry): the bounds are never reached. */
const stamps = new BoundedCache<{ at: number; stamp: string }>('built stamps', { maxEntries: 64, maxBytes: 64 * 1024 });

/**
 * When a built file (index.html, the server entry) was last written, as text ('' when it is
 * missing), looked at no more than once a second: every page view and public API answer asks
 * (the HTTP cache's build tag, the page's shell, the server render), and each look is a system
 * call. A rebuild under a running server is picked up within the second.
 */
export function builtStamp(file: string): string {
  const now = performance.now();
  const known = stamps.get(file);
  if (known && now - known.at < TRUSTED_MS) return known.stamp;
  let stamp = '';
  try {
    stamp = String(fs.statSync(file).mtimeMs);
  } catch {
    // Not built (yet): ''.
  }
  stamps.set(file, { at: now, stamp });
  return stamp;
}
