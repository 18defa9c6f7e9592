import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../db/test-db.js';
import { insertGeneratedBusinesses, startHeldGeneration } from '../../data/sitemap/sitemap-fixtures.js';
import { resolveBaseUrl } from './sitemap.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');

/** Runs the CLI from source as cron would: stdout is a pipe, not a terminal. */
function rehber(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
    delete childEnv.PUBLIC_BASE_URL;
    execFile(tsx, [path.join(root, 'cli', 'main.ts'), ...args], { cwd: root, env: childEnv }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe('rehber sitemap', () => {
  let t: TestDb;
  let env: Record<string, string>;
  beforeAll(async () => {
    t = await createTestDb();
    env = { DATABASE_URL: t.url };
    await insertGeneratedBusinesses(t.db, { businesses: 9500, cities: 5, categories: 3 });
  });
  afterAll(() => t.drop());

  it('checks --base-url before any work (exit 2)', async () => {
    expect(() => resolveBaseUrl('ftp://x.example')).toThrow(/--base-url: Invalid base URL/);
    expect(resolveBaseUrl(undefined, {})).toBeUndefined();
    expect(resolveBaseUrl(undefined, { PUBLIC_BASE_URL: 'https://site.example/' })).toBe('https://site.example');
    const res = await rehber(['sitemap', 'generate', '--base-url', 'not-a-url'], env);
    expect(res.code).toBe(2);
    expect(res.stderr.trim().split('\n')).toHaveLength(1);
    expect(await t.db('sitemap_generations').count({ n: '*' }).first()).toEqual({ n: 0 });
  });

  it('validate before any generation is a fatal error with one clear line (exit 1)', async () => {
    const res = await rehber(['sitemap', 'validate'], env);
    expect(res.code).toBe(1);
    expect(res.stderr).toBe('rehber: No sitemaps have been generated yet; run `rehber sitemap generate` first\n');
  });

  it('generate prints plain lines without ANSI codes and exits 0; validate then exits 0', async () => {
    const res = await rehber(['sitemap', 'generate', '--base-url', 'https://cron.example/'], env);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout.includes('\u001b[')).toBe(false);
    const lines = res.stdout.trim().split('\n');
    expect(lines[0]).toBe('Counting URLs...');
    expect(lines).toContainEqual(expect.stringMatching(/^businesses-1\.xml: 9000 URLs, [\d.]+ (KB|MB) \(\d+%\)$/));
    expect(lines).toContainEqual(expect.stringMatching(/^businesses-2\.xml: 500 URLs, [\d.]+ (B|KB) \(\d+%\)$/));
    // 5 cities × 3 categories: 15 combinations of over 600 businesses each.
    expect(lines).toContainEqual(expect.stringMatching(/^city-categories-1\.xml: 15 URLs, [\d.]+ (B|KB) \(\d+%\)$/));
    // Its one country: 3 categories in a country.
    expect(lines).toContainEqual(expect.stringMatching(/^country-categories-1\.xml: 3 URLs, [\d.]+ (B|KB) \(\d+%\)$/));
    expect(lines.at(-1)).toMatch(/^Generated 9 files with 9,531 URLs for https:\/\/cron\.example in \d+\.\d s$/);

    const valid = await rehber(['sitemap', 'validate'], env);
    expect(valid).toMatchObject({ code: 0, stdout: '9 files validated successfully, 0 errors found.\n' });
  });

  it('generate without a base URL will not replace a live site\'s sitemaps with localhost URLs (exit 2)', async () => {
    const before = await t.db('sitemap_generations').where({ status: 'ready' }).first('id', 'base_url');
    const res = await rehber(['sitemap', 'generate'], env);
    expect(res.code).toBe(2);
    expect(res.stderr.trim().split('\n')).toHaveLength(1);
    expect(res.stderr).toMatch(/https:\/\/cron\.example.*PUBLIC_BASE_URL/);
    expect(await t.db('sitemap_generations').where({ status: 'ready' }).first('id', 'base_url')).toEqual(before);
  });

  it('validate against another base URL lists the errors and exits 3', async () => {
    const res = await rehber(['sitemap', 'validate', '--base-url', 'https://elsewhere.example'], env);
    expect(res).toMatchObject({ code: 3, stderr: '' });
    expect(res.stdout).toMatch(/^businesses-1\.xml: 9000 URL\(s\) outside https:\/\/elsewhere\.example/m);
    expect(res.stdout.trim().split('\n').at(-1)).toMatch(/^0 files validated successfully, \d+ errors found\.$/);
  });

  it('a second generation while one runs in another process exits 1 with a clear line', async () => {
    const held = await startHeldGeneration(t.db, 'https://held.example');
    const res = await rehber(['sitemap', 'generate', '--base-url', 'https://held.example'], env);
    await held.finish();
    expect(res.code).toBe(1);
    expect(res.stderr).toBe('rehber: A sitemap generation is already running\n');
  });

  it('generate reads COMBO_MIN_BUSINESSES as the server does, and stops on a bad one (exit 2)', async () => {
    const bad = await rehber(['sitemap', 'generate', '--base-url', 'https://cron.example/'], { ...env, COMBO_MIN_BUSINESSES: 'many' });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^rehber: Invalid COMBO_MIN_BUSINESSES: .+\n$/);
    const res = await rehber(['sitemap', 'generate', '--base-url', 'https://cron.example/'], { ...env, COMBO_MIN_BUSINESSES: '1000' });
    expect(res.code).toBe(0);
    expect(res.stdout).not.toContain('city-categories-1.xml');
    // Each category has over a thousand in the one country: still pages there.
    expect(res.stdout.trim().split('\n').at(-1)).toMatch(/^Generated 8 files with 9,516 URLs for https:\/\/cron\.example in /);
  });

  it('generate for a private-network address succeeds and says on stderr what to set', async () => {
    const res = await rehber(['sitemap', 'generate', '--base-url', 'http://192.168.1.20:3000'], env);
    expect(res.code).toBe(0);
    expect(res.stdout.trim().split('\n').at(-1)).toMatch(/^Generated 9 files with 9,531 URLs for http:\/\/192\.168\.1\.20:3000 in /);
    expect(res.stderr).toBe(
      'Warning: search engines cannot reach http://192.168.1.20:3000 (this machine or a private network): set PUBLIC_BASE_URL or pass --base-url with the public address of the site.\n',
    );
  });
});
