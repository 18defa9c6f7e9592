import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTempDir } from '../../scripts/test-hooks.fixtures.js';
import { seedBusinesses } from '../../db/queries/admin-businesses.fixtures.js';
import { photoKey, photoPath, placeholderPath } from '../../domain/photo-paths.js';
import { startImageServer, type ImageServer } from '../../data/photos/image-server.fixtures.js';
import { PHOTO_CACHE_MAX_MB } from '../../data/photos/limits.js';
import { readConfig } from '../config.js';
import { startTestApp, type TestApp } from '../test-app.js';

let app: TestApp;
let images: ImageServer;
const cacheDir = useTempDir('rehber-photo-route-');
const slugs: Record<string, string> = {};

/** Businesses with these categories and photo URLs. */
async function withPhotos(rows: Array<[name: string, category: string, photo: string | null]>) {
  await seedBusinesses(app.db, rows.map(([name, category]) => ({ name, address: `${name} St 1`, category })));
  for (const [name, , photo] of rows) {
    await app.db('businesses').where({ name }).update({ photo });
    slugs[name] = (await app.db('businesses').where({ name }).first('slug')).slug;
  }
  await app.settle();
}

const get = (p: string, init?: RequestInit) => fetch(`${app.url}${p}`, { redirect: 'manual', ...init });
const pathOf = (name: string, url: string, width: 160 | 320 | 640 | 1280, format: 'webp' | 'jpg') => photoPath(slugs[name], photoKey(url), width, format);

beforeAll(async () => {
  images = await startImageServer();
  app = await startTestApp({ photos: { cacheDir, allowPrivateHosts: true, maxBytes: PHOTO_CACHE_MAX_MB * 1024 * 1024 } });
  await withPhotos([
    ['Blue Door Café', 'Café', `${images.url}/photo.jpg`],
    ['Busy Corner Café', 'Café', `${images.url}/photo-busy.jpg`],
    ['Fake Photo Bakery', 'Bakery', `${images.url}/page.jpg`],
    ['Huge Photo Hotel', 'Hotel', `${images.url}/huge.jpg`],
    ['Bomb Photo Gym', 'Gym', `${images.url}/bomb.png`],
    ['No Photo Dentist', 'Dentist', null],
    ['Script Photo Shop', 'Florist', 'javascript:alert(1)'],
  ]);
});
afterAll(async () => {
  await app?.close();
  await images?.close();
});

describe('GET /photos/<slug>/<key>-<width>.<format>', () => {
  it('serves the business photo resized to WebP from disk after the first fetch, with immutable cache headers', async () => {
    const url = `${images.url}/photo.jpg`;
    const res = await get(pathOf('Blue Door Café', url, 320, 'webp'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 240 });

    const again = await get(pathOf('Blue Door Café', url, 320, 'webp'));
    expect(again.status).toBe(200);
    expect(Number(again.headers.get('content-length'))).toBe((await again.arrayBuffer()).byteLength);
    const jpeg = await get(pathOf('Blue Door Café', url, 1280, 'jpg'));
    expect(jpeg.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await jpeg.arrayBuffer())).metadata()).width).toBe(1280);
    expect(images.hits('/photo.jpg')).toBe(1);
  });

  it('fetches once for concurrent first requests', async () => {
    const answers = await Promise.all(
      [160, 320, 640, 320, 160, 640].map((w) => get(pathOf('Busy Corner Café', `${images.url}/photo-busy.jpg`, w as 160, w % 320 ? 'jpg' : 'webp'))),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(images.hits('/photo-busy.jpg')).toBe(1);
  });

  it.each([
    ['not an image', 'Fake Photo Bakery', '/page.jpg', 'food'],
    ['over 10 MB', 'Huge Photo Hotel', '/huge.jpg', 'lodging'],
    ['20,000×20,000 pixels', 'Bomb Photo Gym', '/bomb.png', 'fitness'],
  ])('redirects to the business’s placeholder when its source is %s, and does not fetch it again', async (_what, name, source, family) => {
    const url = `${images.url}${source}`;
    const res = await get(pathOf(name, url, 320, 'webp'));
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(placeholderPath(family as 'food'));
    // Shared caches may keep the redirect as long as a transient failure is remembered (five minutes).
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const hits = images.hits(source);
    expect((await get(pathOf(name, url, 640, 'jpg'))).status).toBe(302);
    expect(images.hits(source)).toBe(hits);
  });

  it('answers 404 for any path that is not one of the business’s own photo sizes (no open proxy)', async () => {
    const url = `${images.url}/photo.jpg`;
    const key = photoKey(url);
    const other = photoKey(`${images.url}/photo-other.jpg`);
    for (const p of [
      `/photos/${slugs['Blue Door Café']}/${other}-320.webp`, // another URL
      `/photos/${slugs['Blue Door Café']}/${key}-300.webp`, // a width rehber does not make
      `/photos/${slugs['Blue Door Café']}/${key}-320.png`,
      `/photos/${slugs['Fake Photo Bakery']}/${key}-320.webp`, // another business's photo
      `/photos/no-such-business/${key}-320.webp`,
      `/photos/${slugs['No Photo Dentist']}/${key}-320.webp`,
      `/photos/${slugs['Script Photo Shop']}/${photoKey('javascript:alert(1)')}-320.webp`,
    ]) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
      expect(await res.json()).toEqual({ message: 'Photo not found' });
    }
    expect(images.hits('/photo-other.jpg')).toBe(0);
  });

  it('follows a changed photo URL at once: the old path is a 404, the new one serves the new photo', async () => {
    await withPhotos([['Moving Photo Café', 'Coffee Shop', `${images.url}/photo-old.jpg`]]);
    expect((await get(pathOf('Moving Photo Café', `${images.url}/photo-old.jpg`, 320, 'webp'))).status).toBe(200);
    await app.db('businesses').where({ name: 'Moving Photo Café' }).update({ photo: `${images.url}/photo-new.jpg` });
    await app.settle();
    expect((await get(pathOf('Moving Photo Café', `${images.url}/photo-old.jpg`, 320, 'webp'))).status).toBe(404);
    expect((await get(pathOf('Moving Photo Café', `${images.url}/photo-new.jpg`, 320, 'webp'))).status).toBe(200);
    expect(images.hits('/photo-new.jpg')).toBe(1);
  });

  it('refuses a source on a private address when private hosts are not allowed (the production default)', async () => {
    const strict = await startTestApp({ photos: { cacheDir, allowPrivateHosts: false, maxBytes: PHOTO_CACHE_MAX_MB * 1024 * 1024 } });
    try {
      await seedBusinesses(strict.db, [{ name: 'Intranet Café', address: '1 Intranet St', category: 'Café' }]);
      const url = `${images.url}/photo-intranet.jpg`;
      await strict.db('businesses').update({ photo: url });
      const { slug } = await strict.db('businesses').first('slug');
      await strict.settle();
      const res = await fetch(`${strict.url}${photoPath(slug, photoKey(url), 320, 'webp')}`, { redirect: 'manual' });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(placeholderPath('food'));
      expect(images.hits('/photo-intranet.jpg')).toBe(0);
    } finally {
      await strict.close();
    }
  });
});

describe('GET /photos/placeholders/<version>/<family>.svg', () => {
  it('serves the bundled drawing of each family, cached for good', async () => {
    const res = await get(placeholderPath('food'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toMatch(/^<svg /);
    for (const p of ['/photos/placeholders/v1/nope.svg', '/photos/placeholders/v0/food.svg', '/photos/placeholders/v1/..%2F..%2Fpackage.json']) {
      expect((await get(p)).status, p).toBe(404);
    }
  });
});

describe('photo settings', () => {
  it('keep photos beside the database folder, bounded to 5 GiB, and refuse private hosts unless told', () => {
    expect(readConfig({ DATA_DIR: '/srv/rehber/pg' }).photos).toEqual({ cacheDir: '/srv/rehber/photo-cache', allowPrivateHosts: false, maxBytes: 5 * 1024 ** 3 });
    expect(readConfig({ PHOTO_CACHE_DIR: '/mnt/shared/photos', PHOTO_ALLOW_PRIVATE_HOSTS: '1', PHOTO_CACHE_MAX_MB: '200' }).photos).toEqual({
      cacheDir: '/mnt/shared/photos',
      allowPrivateHosts: true,
      maxBytes: 200 * 1024 ** 2,
    });
    expect(() => readConfig({ PHOTO_CACHE_MAX_MB: '0' })).toThrow(/PHOTO_CACHE_MAX_MB/);
    expect(() => readConfig({ PHOTO_ALLOW_PRIVATE_HOSTS: 'yes' })).toThrow(/PHOTO_ALLOW_PRIVATE_HOSTS/);
  });
});
