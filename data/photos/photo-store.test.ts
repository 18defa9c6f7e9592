import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTempDir } from '../../scripts/test-hooks.fixtures.js';
import { startHangingServer, startImageServer, type ImageServer } from './image-server.fixtures.js';
import { photoQueueStats, PhotoStore } from './photo-store.js';

let images: ImageServer;
const cacheDir = useTempDir('rehber-photos-');

beforeAll(async () => {
  images = await startImageServer();
});
afterAll(async () => {
  await images.close();
});

const store = (options: Partial<ConstructorParameters<typeof PhotoStore>[0]> = {}) => new PhotoStore({ cacheDir, allowPrivateAddresses: true, ...options });

async function fileOf(result: Awaited<ReturnType<PhotoStore['size']>>) {
  if (result.kind !== 'file') throw new Error(`expected a file, got: ${result.reason}`);
  return { bytes: fs.readFileSync(result.path), meta: await sharp(result.path).metadata(), type: result.contentType };
}

/** The folder a source's files are kept in (photo-store.ts), and its size on disk. */
function sourceFolder(dir: string, url: string) {
  const key = crypto.createHash('sha256').update(url).digest('hex');
  const folder = path.join(dir, key.slice(0, 2), key);
  const bytes = () => (fs.existsSync(folder) ? fs.readdirSync(folder).reduce((sum, f) => sum + fs.statSync(path.join(folder, f)).size, 0) : 0);
  return { folder, bytes, lastUse: () => fs.statSync(folder).mtimeMs };
}

describe('PhotoStore', () => {
  it('counts each failing source once, not each placeholder served for it, and shows an idle queue once done', async () => {
    // A folder of its own: a failure another test left on disk would be remembered, not found.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rehber-photos-failures-'));
    try {
      const s = store({ cacheDir: dir });
      const before = photoQueueStats().failures;
      const url = `${images.url}/page.jpg`;
      for (let i = 0; i < 3; i++) expect((await s.size(url, 320, 'webp')).kind).toBe('failed');
      expect(s.stats()).toEqual({ making: 0, downloadsRunning: 0, downloadsWaiting: 0, resizesRunning: 0, resizesWaiting: 0, failures: 1 });
      expect(photoQueueStats().failures).toBe(before + 1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps the cache under its bound, the least recently used sources going first', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rehber-photos-bound-'));
    try {
      const [a, b, c] = ['a', 'b', 'c'].map((n) => `${images.url}/photo-bound-${n}.jpg`);
      const unbounded = new PhotoStore({ cacheDir: dir, allowPrivateAddresses: true });
      await fileOf(await unbounded.size(a, 320, 'webp'));
      await fileOf(await unbounded.size(b, 320, 'webp'));
      const [fa, fb, fc] = [a, b, c].map((u) => sourceFolder(dir, u));
      // b was used an hour ago, a two hours ago; a bound that holds two sources (all three are alike).
      const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
      fs.utimesSync(fa.folder, hoursAgo(2), hoursAgo(2));
      fs.utimesSync(fb.folder, hoursAgo(1), hoursAgo(1));
      const bounded = new PhotoStore({ cacheDir: dir, allowPrivateAddresses: true, maxBytes: Math.round(fa.bytes() * 2.5) });

      // A visitor sees a again: now it is b that was used longest ago.
      await fileOf(await bounded.size(a, 320, 'webp'));
      await expect.poll(() => fa.lastUse()).toBeGreaterThan(hoursAgo(0.5).getTime());
      await fileOf(await bounded.size(c, 320, 'webp'));
      await bounded.sweep();

      expect([fa.bytes() > 0, fb.bytes() > 0, fc.bytes() > 0]).toEqual([true, false, true]);
      // What the sweep took is made again when asked for.
      await fileOf(await bounded.size(b, 320, 'webp'));
      expect(images.hits('/photo-bound-b.jpg')).toBe(2);
      expect(images.hits('/photo-bound-a.jpg')).toBe(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fetches a source once, however many sizes and concurrent requests ask for it', async () => {
    const s = store();
    const url = `${images.url}/photo-once.jpg`;
    const first = await Promise.all([s.size(url, 320, 'webp'), s.size(url, 320, 'webp'), s.size(url, 640, 'jpg'), s.size(url, 1280, 'webp')]);
    const small = await fileOf(first[0]);
    expect(small.type).toBe('image/webp');
    expect(small.meta.format).toBe('webp');
    expect(small.meta.width).toBe(320);
    expect(small.meta.height).toBe(240);
    expect((await fileOf(first[2])).meta).toMatchObject({ format: 'jpeg', width: 640 });
    expect((await fileOf(first[3])).meta.width).toBe(1280);
    // A new store (another server on the same volume, or a restart) finds every size on disk.
    await fileOf(await store().size(url, 320, 'webp'));
    await fileOf(await store().size(url, 160, 'jpg'));
    expect(images.hits('/photo-once.jpg')).toBe(1);
  });

  it('fetches a source once between servers sharing the volume, photo or failure', async () => {
    const servers = [store(), store(), store()];
    const photo = `${images.url}/photo-shared.jpg`;
    const results = await Promise.all(servers.map((s, i) => s.size(photo, i % 2 ? 320 : 640, 'webp')));
    expect(results.map((r) => r.kind)).toEqual(['file', 'file', 'file']);
    expect(images.hits('/photo-shared.jpg')).toBe(1);
    const failing = await Promise.all([store(), store()].map((s) => s.size(`${images.url}/gone-shared.jpg`, 320, 'webp')));
    expect(failing.map((r) => r.kind)).toEqual(['failed', 'failed']);
    expect(images.hits('/gone-shared.jpg')).toBe(1);
  });

  it('never enlarges a small source and gives a JPEG of a transparent one a white background', async () => {
    const s = store();
    const jpg = await fileOf(await s.size(`${images.url}/transparent.png`, 960, 'jpg'));
    expect(jpg.meta).toMatchObject({ width: 500, height: 500, format: 'jpeg' });
    const { data } = await sharp(jpg.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(100); // green over white, not over black
    const webp = await fileOf(await s.size(`${images.url}/transparent.png`, 960, 'webp'));
    expect(webp.meta.hasAlpha).toBe(true);
  });

  it('follows a redirect to the photo', async () => {
    await fileOf(await store().size(`${images.url}/moved.jpg`, 320, 'webp'));
    expect(images.hits('/photo-after-redirect.jpg')).toBe(1);
  });

  it.each([
    ['bytes that are not an image, whatever the Content-Type says', '/page.jpg', /not an image/],
    ['a source over 10 MB sent without a Content-Length', '/huge.jpg', /byte limit/],
    ['a 20,000×20,000 PNG (a decompression bomb)', '/bomb.png', /20000×20000 is over the size limit/],
    ['an endless redirect', '/loop', /redirects/],
    ['a 404', '/gone.jpg', /HTTP 404/],
  ])('refuses %s, and remembers it without fetching again', async (_what, source, reason) => {
    const s = store();
    const first = await s.size(`${images.url}${source}`, 320, 'webp');
    expect(first).toMatchObject({ kind: 'failed', fresh: true });
    expect(first.kind === 'failed' && first.reason).toMatch(reason);
    const hits = images.hits(source);
    expect(await s.size(`${images.url}${source}`, 640, 'jpg')).toMatchObject({ kind: 'failed', fresh: false });
    // Another server on the same volume reads the remembered failure from disk.
    expect(await store().size(`${images.url}${source}`, 320, 'webp')).toMatchObject({ kind: 'failed', fresh: false });
    expect(images.hits(source)).toBe(hits);
  });

  it('gives up on a source that stops sending, at the time limit', async () => {
    const result = await store({ fetch: { timeoutMs: 300 } }).size(`${images.url}/slow.jpg`, 320, 'webp');
    expect(result).toMatchObject({ kind: 'failed', reason: 'timed out' });
  });

  it('fetches a failed source again once the negative cache has expired', async () => {
    const s = store({ retryAfterMs: 0 });
    await s.size(`${images.url}/gone-twice.jpg`, 320, 'webp');
    await s.size(`${images.url}/gone-twice.jpg`, 320, 'webp');
    expect(images.hits('/gone-twice.jpg')).toBe(2);
  });

  it('remembers a host that may recover (a 503, a timeout) for a shorter time than a refusal', async () => {
    const s = store({ retryTransientMs: 0 });
    for (const source of ['/unavailable-once.jpg', '/gone-for-good.jpg']) {
      expect(await s.size(`${images.url}${source}`, 320, 'webp')).toMatchObject({ kind: 'failed', fresh: true });
      await s.size(`${images.url}${source}`, 320, 'webp');
    }
    expect(images.hits('/unavailable-once.jpg')).toBe(2);
    expect(images.hits('/gone-for-good.jpg')).toBe(1);
    const timedOut = store({ fetch: { timeoutMs: 300 }, retryTransientMs: 0, hostDownMs: 0 });
    await timedOut.size(`${images.url}/slow-again.jpg`, 640, 'webp');
    await timedOut.size(`${images.url}/slow-again.jpg`, 640, 'webp');
    expect(images.hits('/slow-again.jpg')).toBe(2);
  });

  it('refuses loopback and private addresses unless allowed (no SSRF)', async () => {
    const s = store({ allowPrivateAddresses: false });
    for (const url of [`${images.url}/photo-private.jpg`, `http://localhost:${new URL(images.url).port}/photo-private.jpg`, 'http://[::1]/x.jpg', `http://[::127.0.0.1]:${new URL(images.url).port}/photo-private.jpg`, `http://[::ffff:0:127.0.0.1]:${new URL(images.url).port}/photo-private.jpg`, 'http://169.254.169.254/latest/meta-data', 'http://10.0.0.1/x.jpg']) {
      const result = await s.size(url, 320, 'webp');
      expect(result.kind === 'failed' && result.reason, url).toMatch(/not a public address/);
    }
    expect(images.hits('/photo-private.jpg')).toBe(0);
  });

  it('leaves no half-written or temporary file behind', async () => {
    await store().size(`${images.url}/photo-whole.jpg`, 480, 'webp');
    const files = fs.readdirSync(cacheDir, { recursive: true }).map(String);
    expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(files.some((f) => f.endsWith('480.webp'))).toBe(true);
  });

  it('stops asking a host that timed out, and never has more than two downloads from one host at once', async () => {
    const hanging = await startHangingServer();
    try {
      const s = store({ fetch: { timeoutMs: 300 } });
      const first = await Promise.all([1, 2, 3, 4, 5].map((i) => s.size(`${hanging.url}/photo-${i}.jpg`, 320, 'webp')));
      expect(first.map((r) => r.kind)).toEqual(['failed', 'failed', 'failed', 'failed', 'failed']);
      // Two timed out; the three waiting behind them were refused without asking.
      expect(hanging.requests()).toBe(2);
      const later = await s.size(`${hanging.url}/photo-later.jpg`, 640, 'jpg');
      expect(later.kind === 'failed' && later.reason).toMatch(/timed out recently/);
      expect(hanging.requests()).toBe(2);
      // Other hosts are not affected.
      await fileOf(await s.size(`${images.url}/photo-other-host.jpg`, 320, 'webp'));
    } finally {
      await hanging.close();
    }
  });

  it('keeps its files private to the server: files 0600, folders 0700', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rehber-photos-modes-'));
    try {
      fs.chmodSync(dir, 0o755);
      const s = new PhotoStore({ cacheDir: dir, allowPrivateAddresses: true });
      const result = await s.size(`${images.url}/photo-modes.jpg`, 320, 'webp');
      await s.size(`${images.url}/gone-modes.jpg`, 320, 'webp');
      if (result.kind !== 'file') throw new Error(result.reason);
      const mode = (p: string) => fs.statSync(p).mode & 0o777;
      const files = fs.readdirSync(dir, { recursive: true }).map((f) => path.join(dir, String(f)));
      expect(files.filter((f) => fs.statSync(f).isFile()).map((f) => [path.basename(f), mode(f)])).toEqual(
        expect.arrayContaining([['320.webp', 0o600], ['master', 0o600], ['failed.json', 0o600]]),
      );
      expect([dir, ...files].filter((f) => fs.statSync(f).isDirectory() && mode(f) !== 0o700)).toEqual([]);
      expect(files.filter((f) => fs.statSync(f).isFile() && mode(f) !== 0o600)).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
