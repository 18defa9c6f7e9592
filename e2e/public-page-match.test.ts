import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestApp } from '../server/test-app.js';
import { startPublicApp } from './public-helpers.js';

// The real matchPage, counted: the server matches a page's path once per request.
const matched = vi.hoisted(() => ({ paths: [] as string[] }));
vi.mock('../domain/paths.js', async (original) => {
  const paths = await original<typeof import('../domain/paths.js')>();
  return { ...paths, matchPage: (path: string) => (matched.paths.push(path), paths.matchPage(path)) };
});

describe('a page request', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startPublicApp({ sample: false });
    await app.db('cities').insert({ name: 'Matchton', slug: 'matchton', alt_names: '|matchton|', country: 'Testland' });
    await app.settle();
  });
  afterAll(() => app?.close());

  it('is matched to its page once: the answer cache, the head, the redirect check and the render share the match', async () => {
    for (const path of ['/about', '/city/matchton', '/city/nowhere', '/admin']) {
      matched.paths = [];
      const res = await fetch(`${app.url}${path}?once=1`);
      await res.arrayBuffer();
      expect(res.status, path).toBe(path === '/city/nowhere' ? 404 : 200);
      expect(matched.paths, path).toEqual([path]);
    }
  });
});
