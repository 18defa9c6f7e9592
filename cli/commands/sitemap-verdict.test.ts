import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../server/test-app.js';
import { signedInAdmin } from '../../server/admin-client.fixtures.js';
import { generateSitemaps } from '../../data/sitemap/sitemap.js';
import { insertGeneratedBusinesses } from '../../data/sitemap/sitemap-fixtures.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');

/** `rehber sitemap validate` as cron runs it: no PUBLIC_BASE_URL, stdout a pipe. */
function cliValidate(dbUrl: string, env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: dbUrl, ...env };
  if (!env.PUBLIC_BASE_URL) delete childEnv.PUBLIC_BASE_URL;
  return new Promise((resolve) => {
    execFile(tsx, [path.join(root, 'cli', 'main.ts'), 'sitemap', 'validate'], { cwd: root, env: childEnv }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** The admin's Validate and the CLI's validate judge the served set by one function: same count, same messages. */
describe('one verdict on the served sitemaps', () => {
  let app: TestApp;
  let cookie = '';
  const apiValidate = async () => {
    const res = await fetch(`${app.url}/api/admin/sitemap/validate`, { method: 'POST', headers: { origin: app.url, cookie } });
    expect(res.status).toBe(200);
    return (await res.json()) as { validFiles: number; errors: string[] };
  };

  beforeAll(async () => {
    // No PUBLIC_BASE_URL: the server's address is its own http://127.0.0.1:<port>, the CLI's http://localhost:3000.
    app = await startTestApp();
    await insertGeneratedBusinesses(app.db, { businesses: 30, cities: 2, categories: 2 });
    ({ cookie } = await signedInAdmin(app));
    // The live site's set, made by `rehber sitemap generate --base-url https://example.com`, then damaged:
    // one file breaks the schema, another names a page of a different site.
    await generateSitemaps(app.db, { baseUrl: 'https://example.com', baseUrlChosen: true });
    await app.db('sitemap_files').where({ name: 'categories-1.xml' }).update({ content: app.db.raw("replace(content, '<loc>', '<location>')") });
    await app.db('sitemap_files')
      .where({ name: 'cities-1.xml' })
      .update({ content: app.db.raw("regexp_replace(content, 'https://example\\.com/', 'https://elsewhere.example/')") });
  });
  afterAll(() => app.close());

  it('reports the same errors from the admin API and from `rehber sitemap validate`', async () => {
    const api = await apiValidate();
    expect(api.errors.length).toBeGreaterThan(1);
    expect(api.errors.some((e) => e.startsWith('categories-1.xml: line '))).toBe(true);
    expect(api.errors).toContainEqual(expect.stringMatching(/^cities-1\.xml: 1 URL\(s\) outside https:\/\/example\.com, e\.g\. https:\/\/elsewhere\.example\//));
    // Held to the base URL the set was made for, not to this server's default address.
    expect(api.errors.join('\n')).not.toContain(app.url);

    const cli = await cliValidate(app.dbUrl);
    expect(cli).toMatchObject({ code: 3, stderr: '' });
    expect(cli.stdout).toBe([...api.errors, `${api.validFiles} files validated successfully, ${api.errors.length} errors found.`].join('\n') + '\n');
  });

  it('holds both to PUBLIC_BASE_URL when it names another site', async () => {
    app.config.publicBaseUrl = 'https://www.example.org';
    const api = await apiValidate();
    const cli = await cliValidate(app.dbUrl, { PUBLIC_BASE_URL: 'https://www.example.org/' });
    expect(api.validFiles).toBe(0);
    expect(cli.stdout.trim().split('\n')).toEqual([...api.errors, `0 files validated successfully, ${api.errors.length} errors found.`]);
  });
});
