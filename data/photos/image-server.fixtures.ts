import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import sharp from 'sharp';

/**
 * For tests: a local image host on 127.0.0.1 that counts the requests of each path. It serves a
 * real photo (JPEG, 1600×1200), a PNG with transparency, and the sources rehber must refuse: HTML
 * sent as image/jpeg, 11 MB without a Content-Length, a 20,000×20,000 PNG (a 60 KB decompression
 * bomb), a body that never ends, a redirect loop, and a 404.
 */
export interface ImageServer {
  url: string;
  /** Requests per path ('/photo.jpg' → 1). */
  hits(path: string): number;
  close(): Promise<void>;
}

export async function startImageServer(): Promise<ImageServer> {
  const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#3b82f6' } })
    .composite([{ input: await sharp({ create: { width: 800, height: 600, channels: 3, background: '#f59e0b' } }).png().toBuffer(), left: 400, top: 300 }])
    .jpeg({ quality: 85 })
    .toBuffer();
  const transparent = await sharp({ create: { width: 500, height: 500, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 0.5 } } }).png().toBuffer();
  const bomb = pngBomb(20_000, 20_000);
  const counts = new Map<string, number>();

  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const send = (type: string, body: Buffer | string) => {
      res.writeHead(200, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
      res.end(body);
    };
    if (path.startsWith('/photo')) return send('image/jpeg', photo);
    if (path === '/transparent.png') return send('image/png', transparent);
    if (path === '/bomb.png') return send('image/png', bomb);
    if (path === '/page.jpg') return send('image/jpeg', '<!doctype html><title>Not a photo</title><p>Hello</p>');
    if (path === '/huge.jpg') {
      // 11 MB in chunks, no Content-Length: only a running count can stop it.
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      res.write(photo.subarray(0, 1024));
      const chunk = Buffer.alloc(1024 * 1024, 0x55);
      let sent = 0;
      const more = () => {
        while (sent < 11) {
          sent++;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end();
      };
      res.on('error', () => {});
      return more();
    }
    if (path.startsWith('/slow')) {
      // Starts, then never finishes: only the fetch's time limit ends it.
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      res.write(photo.subarray(0, 1024));
      res.on('error', () => {});
      return;
    }
    if (path.startsWith('/loop')) {
      res.writeHead(302, { location: `/loop${Number(path.slice(5) || 0) + 1}` });
      return res.end();
    }
    if (path.startsWith('/unavailable')) {
      res.writeHead(503, { 'content-type': 'text/plain', 'retry-after': '120' });
      return res.end('down for maintenance');
    }
    if (path === '/moved.jpg') {
      res.writeHead(301, { location: '/photo-after-redirect.jpg' });
      return res.end();
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits: (path) => counts.get(path) ?? 0,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A host that accepts every request and never answers it, and how many it has held at once. */
export interface HangingServer {
  url: string;
  /** Requests received so far. */
  requests(): number;
  /** The most requests it held open at the same time. */
  mostAtOnce(): number;
  close(): Promise<void>;
}

/** For tests: a hanging host on another loopback address (127.0.0.2), so it is another host than startImageServer's. */
export async function startHangingServer(): Promise<HangingServer> {
  let requests = 0;
  let open = 0;
  let most = 0;
  const server = http.createServer((req, res) => {
    requests++;
    most = Math.max(most, ++open);
    res.on('close', () => open--);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.2:${port}`,
    requests: () => requests,
    mostAtOnce: () => most,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A PNG chunk: length, type, data, CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(zlib.crc32(body), body.length + 4);
  return out;
}

/** A valid 1-bit greyscale PNG of width×height zero pixels: tiny on the wire, enormous decoded. */
function pngBomb(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([1, 0, 0, 0, 0], 8);
  const raw = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), pngChunk('IHDR', ihdr), pngChunk('IDAT', zlib.deflateSync(raw, { level: 9 })), pngChunk('IEND', Buffer.alloc(0))]);
}
