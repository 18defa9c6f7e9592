/**
 * An answer read whole at one data version (read-routing.ts wholeAnswer): the version is read again
 * after it unless every statement it sent said which version it saw, whichever database handle
 * sent it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createTestDb, type TestDb } from '../../db/test-db.js';
import { importCsvText } from '../../data/import/import.fixtures.js';
import { newMemos } from '../../data/reads/search-memo.js';
import { DataVersion } from './data-version.js';
import { pageReads, requestReads, wholeAnswer } from './read-routing.js';

const CSV = ['name,category,full_address,place_id', 'Alpha Bäckerei,Bakery,"Torstraße 1, 10119 Berlin, Deutschland",PW-A'].join('\n');

describe('an answer read whole at one data version', () => {
  let t: TestDb;
  let dataVersion: DataVersion;
  let slug: string;
  const sent: string[] = [];
  const note = (q: { sql: string }) => sent.push(q.sql);
  /** The app's deps for one request's reads, with memos of their own (nothing kept from another test). */
  const depsOf = () => ({ db: t.db, dataVersion, memos: newMemos() });
  /** `answer` read whole, and whether the version was read again after it. */
  async function answered<T>(answer: (deps: ReturnType<typeof depsOf>, ctx: { state: Record<string, unknown> }) => Promise<T>) {
    const deps = depsOf();
    const ctx = { state: {} };
    const before = sent.length;
    const result = await wholeAnswer(deps, ctx, () => answer(deps, ctx));
    return { result, checked: sent.slice(before).some((sql) => /from "data_version"/.test(sql)) };
  }

  beforeAll(async () => {
    t = await createTestDb();
    await importCsvText(t.db, CSV, { source: 'cli', mode: 'upsert' });
    slug = ((await t.db('businesses').first('slug')) as { slug: string }).slug;
    dataVersion = new DataVersion(t.db, pino({ level: 'silent' }));
    await dataVersion.current();
    t.db.on('query', note);
  });
  afterAll(async () => {
    t.db.off('query', note);
    await dataVersion.stop();
    await t.drop();
  });

  it('a business read alone needs no check: its one statement said the version it saw', async () => {
    const { result, checked } = await answered((deps, ctx) => requestReads(deps, ctx).business(slug));
    expect([result?.slug, checked]).toEqual([slug, false]);
  });

  it("a statement sent through the database itself, not the request's reads, keeps the check", async () => {
    const { result, checked } = await answered(async (deps, ctx) => {
      const business = await requestReads(deps, ctx).business(slug);
      const { n } = (await deps.db('businesses').count({ n: '*' }).first()) as { n: string };
      return { business, n };
    });
    expect([result.business?.slug, Number(result.n), checked]).toEqual([slug, 1, true]);
  });

  it('so does one sent in a transaction of its own', async () => {
    const { checked } = await answered(async (deps, ctx) => {
      await requestReads(deps, ctx).business(slug);
      return deps.db.transaction((trx) => trx('cities').first('id'));
    });
    expect(checked).toBe(true);
  });

  it("a request's reads are a page view's or the API's, never first the one and then the other", async () => {
    const ctx = { state: {} };
    const deps = depsOf();
    expect(pageReads(deps, ctx)).toBe(pageReads(deps, ctx));
    expect(() => requestReads(deps, ctx)).toThrow(/made for a page view/);
    const api = { state: {} };
    requestReads(deps, api);
    expect(() => pageReads(deps, api)).toThrow(/made for the API/);
  });
});
