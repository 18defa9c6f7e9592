/**
 * Leaflet (raster) against MapLibre GL for the map, measured the way the page would load them:
 * each library built by Vite into a chunk (printed gzipped), then drawn in headless Chromium with
 * Lighthouse's phone throttling (4x CPU, 150 ms RTT, 1.6 Mbit/s) against the test tile server, from
 * the start of the import to the first view's tiles all drawn (median of --runs, default 5).
 * `npx tsx scripts/map-libraries.ts`; the figures are in docs/performance.md.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { startTileServer } from '../server/routes/map.fixtures.js';

const RUNS = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 5;
const root = path.resolve(import.meta.dirname, '..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rehber-map-libraries-'));

// What each page does: import its library when asked, draw ten markers over raster tiles, and
// note when the first view is complete (Leaflet: the tile layer's load; MapLibre: idle).
const ENTRIES = {
  leaflet: `
    window.draw = async (tiles) => {
      const t0 = performance.now();
      const { default: L } = await import('leaflet');
      await import('leaflet/dist/leaflet.css');
      const map = L.map('map').setView([41.01, 28.97], 12);
      const layer = L.tileLayer(tiles, { maxZoom: 18 }).addTo(map);
      for (let i = 0; i < 10; i++) L.marker([41.0 + i / 200, 28.95 + i / 200], { icon: L.divIcon({ className: 'm' }), keyboard: true }).addTo(map);
      await new Promise((r) => layer.once('load', r));
      return performance.now() - t0;
    };`,
  maplibre: `
    window.draw = async (tiles) => {
      const t0 = performance.now();
      const maplibregl = await import('maplibre-gl');
      await import('maplibre-gl/dist/maplibre-gl.css');
      const { default: worker } = await import('maplibre-gl/dist/maplibre-gl-worker.mjs?url');
      maplibregl.setWorkerUrl(worker);
      const map = new maplibregl.Map({ container: 'map', center: [28.97, 41.01], zoom: 11, style: { version: 8, sources: { t: { type: 'raster', tiles: [tiles], tileSize: 256 } }, layers: [{ id: 't', type: 'raster', source: 't' }] } });
      for (let i = 0; i < 10; i++) new maplibregl.Marker().setLngLat([28.95 + i / 200, 41.0 + i / 200]).addTo(map);
      await new Promise((r) => map.once('idle', r));
      return performance.now() - t0;
    };`,
};

async function buildPages(): Promise<string> {
  const src = path.join(work, 'src');
  fs.mkdirSync(src);
  for (const [name, code] of Object.entries(ENTRIES)) {
    fs.writeFileSync(path.join(src, `${name}.js`), code);
    fs.writeFileSync(path.join(src, `${name}.html`), `<!doctype html><html><body><div id="map" style="width:412px;height:288px"></div><script type="module" src="./${name}.js"></script></body></html>`);
  }
  const out = path.join(work, 'dist');
  await build({
    root: src,
    logLevel: 'warn',
    configFile: false,
    resolve: { alias: [{ find: /^(leaflet|maplibre-gl)(.*)$/, replacement: path.join(root, 'node_modules', '$1$2') }] },
    build: { outDir: out, emptyOutDir: true, rollupOptions: { input: Object.keys(ENTRIES).map((n) => path.join(src, `${n}.html`)) } },
  });
  return out;
}

function chunkWeights(out: string): Record<string, { js: number; css: number }> {
  const files = fs.readdirSync(path.join(out, 'assets'));
  const gz = (f: string) => gzipSync(fs.readFileSync(path.join(out, 'assets', f)), { level: 9 }).length;
  const sum = (pattern: RegExp) => files.filter((f) => pattern.test(f)).reduce((n, f) => n + gz(f), 0);
  return {
    leaflet: { js: sum(/^leaflet-src.*\.js$/), css: sum(/^leaflet.*\.css$/) },
    // MapLibre's code is two files: the library and its web worker.
    maplibre: { js: sum(/^maplibre-gl-(?!worker)[^.]+\.js$/) + sum(/^maplibre-gl-worker-.*\.mjs$/), css: sum(/^maplibre-gl.*\.css$/) },
  };
}

async function serve(dir: string): Promise<{ url: string; close(): void }> {
  const server = http.createServer((req, res) => {
    const file = path.join(dir, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    if (!file.startsWith(dir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) return void res.writeHead(404).end();
    const type = file.endsWith('.js') || file.endsWith('.mjs') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : 'text/html';
    res.writeHead(200, { 'Content-Type': type }).end(fs.readFileSync(file));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const out = await buildPages();
console.log('gzipped chunk weight (bytes)', chunkWeights(out));
const site = await serve(out);
const tiles = await startTileServer();
const browser = await chromium.launch({
  executablePath: ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p)),
  headless: true,
  // SwiftShader gives MapLibre its WebGL without a GPU.
  args: ['--no-sandbox', '--disable-dev-shm-usage', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
});
try {
  for (const name of Object.keys(ENTRIES)) {
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await page.goto(`${site.url}/${name}.html`);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
      times.push(await page.evaluate((t) => (window as unknown as { draw(t: string): Promise<number> }).draw(t), tiles.template));
      await context.close();
    }
    console.log(`${name}: first map drawn in ${Math.round(median(times))} ms (median of ${RUNS}: ${times.map(Math.round).join(', ')})`);
  }
} finally {
  await browser.close();
  await tiles.close();
  site.close();
  fs.rmSync(work, { recursive: true, force: true });
}
