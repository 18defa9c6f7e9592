import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDb, type TestDb } from '../../db/test-db.js';
import { writeGeneratedCsv } from '../../scripts/bench/generate.js';
import { runCli } from '../run-cli.fixtures.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const HEADER = 'name,category,full_address,city,state,country,rating,reviews,place_id';
let t: TestDb;
let dir: string;

beforeAll(async () => {
  t = await createTestDb();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rehber-cli-import-'));
});
afterAll(async () => {
  await t.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs the real CLI from its sources; stdout is a pipe, so it must choose plain output. */
const rehber = (args: string[], onSpawn?: (pid: number) => void): Promise<Run> =>
  runCli(args, { env: { ...process.env, DATABASE_URL: t.url, NO_COLOR: '', FORCE_COLOR: '' }, onSpawn });

/** Runs the CLI on a terminal (a pty from util-linux `script`), typing `typed`; the output is the terminal's. */
function rehberOnTerminal(args: string[], typed: string): Promise<Run> {
  const command = [process.execPath, '--import', 'tsx', path.join(ROOT, 'cli/main.ts'), ...args].map((a) => `'${a}'`).join(' ');
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qec', command, '/dev/null'], { cwd: ROOT, env: { ...process.env, DATABASE_URL: t.url }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr: '' }));
    child.stdin.end(typed);
  });
}

function csv(name: string, lines: string[]): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, [HEADER, ...lines].join('\n') + '\n');
  return file;
}

const GOOD = 'Ace Plumbing,Plumber,"1 Main St, Austin, TX 78701, United States",Austin,TX,United States,4.5,10,P1';
const BAD = 'Bad Rating,Plumber,"2 Main St, Austin, TX 78701, United States",Austin,TX,United States,9,10,P2';

// Each case runs the CLI from its sources in a child (tsx transpiles it first): minutes on a busy machine.
describe('rehber import', { timeout: 150_000 }, () => {
  it('prints exactly one JSON object with --json and exits 0 when every row is good', async () => {
    const r = await rehber(['import', csv('good.csv', [GOOD]), '--json']);
    expect(r.code).toBe(0);
    const { id } = await t.db('imports').orderBy('id', 'desc').first('id');
    expect(JSON.parse(r.stdout)).toEqual({ success: true, imported: 1, updated: 0, skipped: 0, errors: [], importId: id, importIds: [id] });
  });

  it('gives the id of each file\'s import, the one `rehber import undo` takes', async () => {
    const two = await rehber(['import', csv('one.csv', [GOOD.replace('P1', 'P61')]), csv('two.csv', [GOOD.replace('P1', 'P62')]), '--json']);
    const ids = (await t.db('imports').orderBy('id', 'desc').limit(2).pluck('id')).reverse();
    expect(JSON.parse(two.stdout)).toMatchObject({ imported: 2, importIds: ids });
    expect(JSON.parse(two.stdout)).not.toHaveProperty('importId');
    const plain = await rehber(['import', csv('ids.csv', [GOOD.replace('P1', 'P63')])]);
    const { id } = await t.db('imports').orderBy('id', 'desc').first('id');
    expect(plain.stdout).toContain(`Import ${id}: ids.csv: 1 imported, 0 updated, 0 skipped`);
  });

  it('says there is nothing to undo for an import that failed before writing anything (exit 1)', async () => {
    const [{ id }] = await t.db('imports').insert({ file_name: 'broken.csv', source: 'cli', mode: 'upsert', status: 'failed', message: 'Unreadable file' }).returning('id');
    const undo = await rehber(['import', 'undo', String(id)]);
    expect(undo).toMatchObject({ code: 1, stderr: `rehber: Import ${id} failed before writing anything: there is nothing to undo\n` });
    expect(await t.db('imports').where({ id }).first('undone_at')).toEqual({ undone_at: null });
  });

  it('keeps stored values for absent columns and empty cells, and clears empty ones with --clear-empty', async () => {
    await rehber(['import', csv('base.csv', [GOOD.replace('P1', 'P9')])]);
    const partial = path.join(dir, 'partial.csv');
    // No category or city columns; the rating cell empty.
    fs.writeFileSync(partial, 'name,full_address,place_id,rating\nAce Plumbing,"1 Main St, Austin, TX 78701, United States",P9,\n');
    const stored = () => t.db('businesses').where({ place_id: 'P9' }).first('rating', 'category_id', 'city_id');
    const before = await stored();
    const keep = await rehber(['import', partial, '--json']);
    expect(JSON.parse(keep.stdout)).toMatchObject({ updated: 0, skipped: 1 });
    expect(await stored()).toEqual(before);
    const clear = await rehber(['import', partial, '--json', '--clear-empty']);
    expect(JSON.parse(clear.stdout)).toMatchObject({ updated: 1 });
    expect(await stored()).toEqual({ ...before, rating: 0 });
  });

  it('undoes an import with `rehber import undo <id>`, and refuses a bad id with exit 2', async () => {
    const r = await rehber(['import', csv('to-undo.csv', [GOOD.replace('P1', 'P11')]), '--json']);
    expect(JSON.parse(r.stdout)).toMatchObject({ imported: 1 });
    const { id } = await t.db('imports').orderBy('id', 'desc').first('id');
    const undo = await rehber(['import', 'undo', String(id)]);
    expect(undo).toMatchObject({ code: 0, stdout: `Undid import ${id}: 1 new businesses removed, 0 changed businesses restored\n` });
    expect(await t.db('businesses').where({ place_id: 'P11' }).first()).toBeUndefined();
    const again = await rehber(['import', 'undo', String(id)]);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(`rehber: Import ${id} was already undone\n`);
    expect((await rehber(['import', 'undo', 'abc'])).code).toBe(2);
    expect((await rehber(['import', 'undo'])).code).toBe(2);
  });

  it('has `rehber import undo` as a subcommand with its own help, listed in the help of import', async () => {
    const own = await rehber(['import', 'undo', '--help']);
    expect(own).toMatchObject({ code: 0, stdout: expect.stringContaining('Usage: rehber import undo [options] <id>') });
    expect(own.stdout).toContain('--confirm <count>');
    expect(own.stdout).not.toContain('--dry-run');
    const parent = await rehber(['import', '--help']);
    expect(parent.stdout).toMatch(/undo \[options\] <id>/);
    expect(parent.stdout).not.toContain('--confirm');
  });

  it('undoes an import removing over 1,000 businesses off a terminal only with --confirm and that count', async () => {
    const rows = Array.from({ length: 1001 }, (_, i) => GOOD.replace('Ace Plumbing', `Big ${i}`).replace('P1', `BIG${i}`));
    expect(JSON.parse((await rehber(['import', csv('big.csv', rows), '--json'])).stdout)).toMatchObject({ imported: 1001 });
    const { id } = await t.db('imports').orderBy('id', 'desc').first('id');
    const count = async () => Number((await t.db('businesses').where('place_id', 'like', 'BIG%').count({ n: '*' }))[0].n);

    const bare = await rehber(['import', 'undo', String(id)]);
    expect(bare).toMatchObject({ code: 2, stderr: `rehber: Not undone: undoing import ${id} removes 1001 businesses; run it again with --confirm 1001\n` });
    const wrong = await rehber(['import', 'undo', String(id), '--confirm', '1000']);
    expect(wrong).toMatchObject({ code: 2, stderr: expect.stringMatching(/^rehber: Not undone: 1000 is not the count[^\n]*\n$/) });
    expect((await rehber(['import', 'undo', String(id), '--confirm', 'all'])).code).toBe(2);
    expect(await count()).toBe(1001);

    const right = await rehber(['import', 'undo', String(id), '--confirm', '1001']);
    expect(right).toMatchObject({ code: 0, stdout: `Undid import ${id}: 1001 new businesses removed, 0 changed businesses restored\n` });
    expect(await count()).toBe(0);
  });

  it('asks on a terminal for the count of an undo removing over 1,000 businesses, and undoes only when it is typed', async () => {
    const rows = Array.from({ length: 1001 }, (_, i) => GOOD.replace('Ace Plumbing', `Tty ${i}`).replace('P1', `TTY${i}`));
    expect(JSON.parse((await rehber(['import', csv('tty.csv', rows), '--json'])).stdout)).toMatchObject({ imported: 1001 });
    const { id } = await t.db('imports').orderBy('id', 'desc').first('id');
    const count = async () => Number((await t.db('businesses').where('place_id', 'like', 'TTY%').count({ n: '*' }))[0].n);

    const wrong = await rehberOnTerminal(['import', 'undo', String(id)], '1000\n');
    expect(wrong.stdout).toContain(`Undoing import ${id} removes 1001 businesses. Type 1001 to go on:`);
    expect(wrong.stdout).toContain('rehber: Not undone: 1000 is not 1001');
    expect(wrong.code).toBe(2);
    expect(await count()).toBe(1001);

    const right = await rehberOnTerminal(['import', 'undo', String(id)], '1001\n');
    expect(right.stdout).toContain(`Undid import ${id}: 1001 new businesses removed`);
    expect(right.code).toBe(0);
    expect(await count()).toBe(0);
  });

  it('previews with --dry-run: what would change, field by field, and nothing written', async () => {
    await rehber(['import', csv('dry-base.csv', [GOOD.replace('P1', 'P71')])]);
    const before = await t.db('businesses').orderBy('id').select();
    const file = csv('dry.csv', [GOOD.replace('P1', 'P71').replace(',4.5,', ',3.9,'), GOOD.replace('P1', 'P72'), BAD]);
    const r = await rehber(['import', file, '--dry-run']);
    expect(r.code).toBe(3);
    expect(r.stdout.split('\n').slice(0, 4)).toEqual([
      'dry.csv (dry run, nothing written): 1 new, 1 updated, 0 unchanged, 1 rejected',
      '  Row 4: rating 9 is not between 0 and 5',
      '  Ace Plumbing: rating 4.5 → 3.9',
      '',
    ]);
    expect(await t.db('businesses').orderBy('id').select()).toEqual(before);
  });

  it('updates stored businesses from a file of name, place_id and phone, and rejects a row whose place_id is new', async () => {
    await rehber(['import', csv('phones-base.csv', [GOOD.replace('P1', 'P41'), GOOD.replace('P1', 'P42').replace('Ace', 'Best')])]);
    const stored = () => t.db('businesses').whereIn('place_id', ['P41', 'P42', 'P43']).orderBy('place_id').select('place_id', 'name', 'phone', 'address', 'rating', 'city_id');
    const before = await stored();
    const file = path.join(dir, 'phones.csv');
    fs.writeFileSync(file, 'name,place_id,phone\nAce Plumbing,P41,+1 512 555 0141\nNew Shop,P43,+1 512 555 0143\nBest Plumbing,P42,+1 512 555 0142\n');
    const error = 'Row 3: full_address is empty, and no stored business has this place_id';
    const dry = await rehber(['import', file, '--dry-run']);
    expect(dry.code).toBe(3);
    expect(dry.stdout.split('\n').slice(0, 2)).toEqual(['phones.csv (dry run, nothing written): 0 new, 2 updated, 0 unchanged, 1 rejected', `  ${error}`]);
    expect(await stored()).toEqual(before);
    const r = await rehber(['import', file, '--json']);
    expect(r.code).toBe(3);
    expect(JSON.parse(r.stdout)).toEqual({ success: false, imported: 0, updated: 2, skipped: 1, errors: [error], importId: expect.any(Number), importIds: [expect.any(Number)] });
    expect(await stored()).toEqual(before.map((b) => ({ ...b, phone: `+1 512 555 01${b.place_id.slice(1)}` })));
  });

  it('exits 1 naming the missing columns for a file with neither place_id nor name and full_address', async () => {
    const file = path.join(dir, 'no-identity.csv');
    fs.writeFileSync(file, 'phone,rating\n+1 512 555 0100,4\n');
    const r = await rehber(['import', file]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('rehber: no-identity.csv: Missing required columns: name, full_address (or place_id, to update stored businesses)\n');
  });

  it('imports an exported file back all unchanged, CSV and XLSX', async () => {
    await rehber(['import', csv('round.csv', [GOOD.replace('P1', 'P31'), GOOD.replace('P1', 'P32').replace('Ace', 'Best')])]);
    for (const format of ['csv', 'xlsx']) {
      const out = path.join(dir, `export.${format}`);
      expect((await rehber(['export', '--format', format, '--out', out])).code).toBe(0);
      const again = await rehber(['import', out, '--json']);
      expect(JSON.parse(again.stdout)).toMatchObject({ success: true, imported: 0, updated: 0 });
    }
  });

  it('exits 3 and lists the rejected rows when some rows are bad', async () => {
    const r = await rehber(['import', csv('mixed.csv', [GOOD.replace('P1', 'P7'), BAD]), '--json', '--mode', 'insert']);
    expect(r.code).toBe(3);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ success: false, imported: 1, updated: 0, skipped: 1 });
    expect(out.errors).toEqual([expect.stringMatching(/^Row 3: /)]);
  });

  it('writes plain lines without ANSI codes when stdout is not a terminal', async () => {
    const r = await rehber(['import', csv('plain.csv', [GOOD])]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/plain\.csv: 0 imported, 0 updated, 1 skipped/);
    expect(r.stdout).toMatch(/^Done: /m);
    expect(r.stdout).not.toContain('\u001b[');
  });

  it('exits 1 with one line on stderr for an unreadable file, recording no import', async () => {
    const before = await t.db('imports').count<{ n: number }[]>({ n: '*' });
    const r = await rehber(['import', path.join(dir, 'missing.csv')]);
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^rehber: missing\.csv: /);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    const png = path.join(dir, 'photo.png');
    fs.writeFileSync(png, Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
    expect((await rehber(['import', png])).code).toBe(1);
    // A mistyped path or a wrong file is not a failed import on the dashboard.
    expect(await t.db('imports').count<{ n: number }[]>({ n: '*' })).toEqual(before);
  });

  it('exits 2 on a wrong option before touching the database', async () => {
    const r = await rehber(['import', 'x.csv', '--mode', 'merge']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe('rehber: --mode must be upsert or insert');
    const e = await rehber(['import', 'x.csv', '--encoding', 'klingon']);
    expect(e.code).toBe(2);
    expect(e.stderr).toMatch(/unknown encoding 'klingon'/);
    expect(await rehber(['import', 'x.csv', '--confirm', '5'])).toMatchObject({ code: 2, stderr: 'rehber: --confirm is for `rehber import undo <id>`\n' });
  });

  it('converges after being killed mid-import: every row once, counts right, indexes back', { timeout: 180_000 }, async () => {
    const ROWS = 40_000;
    const file = path.join(dir, 'big.csv');
    await writeGeneratedCsv(file, ROWS);
    await t.db.raw('TRUNCATE businesses, cities, categories, countries, imports RESTART IDENTITY CASCADE');
    const indexesBefore = await t.db('pg_indexes').where({ tablename: 'businesses' }).orderBy('indexname').pluck('indexname');
    let pid = 0;
    let ended = false;
    const running = rehber(['import', file, '--json'], (p) => (pid = p));
    void running.then(() => (ended = true));
    // Kill it as soon as a batch has committed, long before the end.
    await vi.waitUntil(
      async () => {
        if (ended) throw new Error('the import ended before a committed batch was seen');
        const row = await t.db('imports').first('imported');
        return row !== undefined && row.imported > 0;
      },
      { timeout: 45_000, interval: 20 },
    );
    process.kill(pid, 'SIGKILL');
    const killed = await running;
    expect(killed.signal).toBe('SIGKILL');
    const committed = Number((await t.db('businesses').count({ n: '*' }))[0].n);
    expect(committed).toBeGreaterThan(0);
    expect(committed).toBeLessThan(ROWS);

    const again = await rehber(['import', file, '--json']);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ success: true, imported: ROWS - committed, updated: 0, skipped: committed });
    const check = await t.db.raw(`SELECT count(*)::int AS n, count(DISTINCT identity_key)::int AS keys, count(DISTINCT slug)::int AS slugs,
      (SELECT sum(business_count) FROM cities)::int AS cities, (SELECT sum(business_count) FROM categories)::int AS categories
      FROM businesses`);
    expect(check.rows[0]).toEqual({ n: ROWS, keys: ROWS, slugs: ROWS, cities: ROWS, categories: ROWS });
    // The bulk load dropped the secondary indexes; the kill left them dropped; the re-run built them all again.
    const indexes = await t.db('pg_indexes').where({ tablename: 'businesses' }).orderBy('indexname').pluck('indexname');
    expect(indexes).toEqual(indexesBefore);
    expect(indexes).toEqual(expect.arrayContaining(['businesses_search_idx', 'businesses_city_idx']));
  });
});
