import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-app.js';
import { readConfig } from '../config.js';
import { byteRange, PMTILES_PATH } from './map.js';
import { pmtilesArchive, writePmtiles } from './map.fixtures.js';

describe('byteRange', () => {
  it('reads a start and end, an open end and a suffix; nothing this file has is null; no single range is undefined', () => {
    expect(byteRange('bytes=0-15', 100)).toEqual({ start: 0, end: 15 });
    expect(byteRange('bytes=90-200', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=10-', 100)).toEqual({ start: 10, end: 99 });
    expect(byteRange('bytes=-30', 100)).toEqual({ start: 70, end: 99 });
    expect(byteRange('bytes=100-', 100)).toBeNull();
    expect(byteRange('bytes=5-2', 100)).toBeNull();
    expect(byteRange(undefined, 100)).toBeUndefined();
    expect(byteRange('bytes=0-1,5-6', 100)).toBeUndefined();
    expect(byteRange('items=0-1', 100)).toBeUndefined();
  });
});

describe('map configuration', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rehber-map-config-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is off unless MAP_TILE_URL or MAP_PMTILES_FILE is set', () => {
    expect(readConfig({}).map).toBeUndefined();
    expect(readConfig({ MAP_TILE_URL: ' ' }).map).toBeUndefined();
  });

  it('reads a tile URL template with its attribution, and a PMTiles file beside the server', () => {
    expect(readConfig({ MAP_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png', MAP_ATTRIBUTION: '© Example' }).map).toEqual({ tileUrl: 'https://tiles.example/{z}/{x}/{y}.png', attribution: '© Example' });
    const file = writePmtiles(path.join(dir, 'area.pmtiles'));
    expect(readConfig({ MAP_PMTILES_FILE: file }).map).toEqual({ pmtilesFile: file, attribution: undefined });
  });

  it('stops with one line on a template without {z}/{x}/{y}, a missing file, or both set', () => {
    expect(() => readConfig({ MAP_TILE_URL: 'https://tiles.example/tile.png' })).toThrow('Invalid MAP_TILE_URL: must contain {z}, {x} and {y}');
    expect(() => readConfig({ MAP_TILE_URL: 'ftp://tiles.example/{z}/{x}/{y}' })).toThrow('Invalid MAP_TILE_URL: must be an http(s) URL');
    expect(() => readConfig({ MAP_PMTILES_FILE: path.join(dir, 'none.pmtiles') })).toThrow('Invalid MAP_PMTILES_FILE: no such file');
    const file = writePmtiles(path.join(dir, 'both.pmtiles'));
    expect(() => readConfig({ MAP_PMTILES_FILE: file, MAP_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png' })).toThrow(/not both/);
  });
});

describe(`GET ${PMTILES_PATH}`, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rehber-map-'));
  const archive = pmtilesArchive();
  let app: TestApp;
  let plain: TestApp;
  let withUrl: TestApp;
  beforeAll(async () => {
    const file = writePmtiles(path.join(dir, 'tiles.pmtiles'));
    [app, plain, withUrl] = await Promise.all([
      startTestApp({ map: { pmtilesFile: file, attribution: '© Test' } }),
      startTestApp(),
      startTestApp({ map: { tileUrl: 'https://{s}.tiles.example:8443/{z}/{x}/{y}.png' } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([app, plain, withUrl].map((a) => a?.close()));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers the byte range asked for with 206 and its Content-Range, as the PMTiles reader asks', async () => {
    const res = await fetch(`${app.url}${PMTILES_PATH}`, { headers: { Range: 'bytes=0-126' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 0-126/${archive.length}`);
    expect(res.headers.get('content-length')).toBe('127');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(archive.subarray(0, 127));
    // The reader's first read asks for more than a small archive holds: it gets what there is.
    const first = await fetch(`${app.url}${PMTILES_PATH}`, { headers: { Range: 'bytes=0-16383' } });
    expect(first.status).toBe(206);
    expect(Buffer.from(await first.arrayBuffer())).toEqual(archive);
  });

  it('answers the whole file without a range, and 416 for a range past its end', async () => {
    const whole = await fetch(`${app.url}${PMTILES_PATH}`);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(archive);
    const past = await fetch(`${app.url}${PMTILES_PATH}`, { headers: { Range: `bytes=${archive.length}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${archive.length}`);
  });

  it('is no route without MAP_PMTILES_FILE', async () => {
    expect((await fetch(`${plain.url}${PMTILES_PATH}`)).status).toBe(404);
    expect((await fetch(`${withUrl.url}${PMTILES_PATH}`)).status).toBe(404);
  });

  it('lets the CSP allow the tile host of MAP_TILE_URL, blob: images with an archive, and nothing without a map', async () => {
    const csp = async (a: TestApp) => (await fetch(`${a.url}/api/stats`)).headers.get('content-security-policy') ?? '';
    expect(await csp(withUrl)).toMatch(/img-src 'self' data: https:\/\/\*\.tiles\.example:8443;/);
    expect(await csp(app)).toMatch(/img-src 'self' data: blob:;/);
    expect(await csp(plain)).toMatch(/img-src 'self' data:;/);
  });

  it("tells the web client where the tiles are in the page's head, and nothing without a map", async () => {
    const meta = async (a: TestApp) => {
      const html = await (await fetch(`${a.url}/`)).text();
      const content = /<meta name="rehber-site" content="([^"]*)"/.exec(html)?.[1] ?? '';
      return JSON.parse(content.replaceAll('&quot;', '"').replaceAll('&amp;', '&')) as { map?: unknown };
    };
    expect((await meta(app)).map).toEqual({ tiles: PMTILES_PATH, pmtiles: true, attribution: '© Test' });
    expect((await meta(withUrl)).map).toEqual({ tiles: 'https://{s}.tiles.example:8443/{z}/{x}/{y}.png', pmtiles: false, attribution: '' });
    expect((await meta(plain)).map).toBeUndefined();
  });
});
