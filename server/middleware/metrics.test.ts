import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-app.js';
import { samples, type Sample } from '../metrics.fixtures.js';

/**
 * One request of each shape a stranger may send, its made-up parts drawn afresh each time. Each
 * shape answers the same status every time (a page number is never a number), so two sweeps
 * differ only in their URLs.
 */
function hostileRequests(): { method: string; path: string; token: string }[] {
  const t = () => randomBytes(6).toString('hex');
  const token = t();
  const q = `?${t()}=${token}&utm_source=${t()}`;
  const paths = [
    `/${token}`, `/${token}/${t()}${q}`, `/api/${token}`, `/api/businesses/detail/${token}${q}`, `/api/cities/${token}/businesses?page=x${t()}`,
    `/api/admin/${token}`, `/API/ADMIN/${token}`, `/api/%61dmin/${token}`, `/details/${token}${q}`, `/city/${token}`, `/search?q=${token}&location=${t()}`,
    `/assets/${token}.js`, `/${token}.png`, `/photos/${token}/${t()}.webp`, `/%zz${token}`, `//${token}//${t()}`, `/sitemap-${token}.xml`, `/?${token}=1`,
  ];
  return [
    ...paths.map((path) => ({ method: 'GET', path, token })),
    { method: 'POST', path: `/${token}`, token },
    { method: 'DELETE', path: `/api/businesses/detail/${token}`, token },
    { method: 'PROPFIND', path: `/${token}`, token },
  ];
}

/** The request series of the exposition: each name with its labels. */
const requestSeries = (all: Sample[]) => new Set(all.filter((s) => s.name.startsWith('rehber_http_')).map((s) => `${s.name}${JSON.stringify(s.labels)}`));

describe('request metrics under hostile URL traffic', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ metrics: { port: 0, host: '127.0.0.1' } });
  });
  afterAll(() => app?.close());

  async function sweep(rounds: number): Promise<string[]> {
    const tokens: string[] = [];
    for (let i = 0; i < rounds; i++) {
      const batch = hostileRequests();
      tokens.push(batch[0].token);
      await Promise.all(batch.map(async ({ method, path }) => (await fetch(`${app.url}${path}`, { method, redirect: 'manual' })).arrayBuffer()));
    }
    return tokens;
  }
  const scrape = async () => samples(await (await fetch(app.metricsUrl!)).text());

  it('thousands of distinct random paths and query strings add no series, and no label carries a URL', { timeout: 300_000 }, async () => {
    await sweep(50);
    const before = requestSeries(await scrape());
    const tokens = await sweep(50);
    const all = await scrape();
    const after = requestSeries(all);
    expect([...after].filter((s) => !before.has(s))).toEqual([]);
    // Bounded by the routes and statuses, not by the 2,100 requests with their 1,700-odd distinct URLs.
    const counters = all.filter((s) => s.name === 'rehber_http_requests_total');
    expect(counters.length).toBeLessThan(30);
    const labels = all.flatMap((s) => Object.values(s.labels)).join('\n');
    for (const token of tokens) expect(labels).not.toContain(token);
    expect(counters.reduce((n, s) => n + s.value, 0)).toBeGreaterThanOrEqual(100 * hostileRequests().length);
    expect(counters.some((s) => s.labels.method === 'other')).toBe(true);
  });
});
