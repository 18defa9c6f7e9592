/**
 * Tiles for tests, never a public tile service: a PNG, a PMTiles archive whose every tile is that
 * PNG, and a tiny tile server that answers the PNG for any /z/x/y.png and counts what it was asked.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { pngChunk } from '../../data/photos/image-server.fixtures.js';

/** A plain light grey 256×256 PNG, a tile's real size (a smaller one is an image served too small). */
export const TILE_PNG = ((): Buffer => {
  const size = 256;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, 0xe5)]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', header), pngChunk('IDAT', pixels), pngChunk('IEND', Buffer.alloc(0))]);
})();

function varint(n: number): number[] {
  const out: number[] = [];
  while (n >= 0x80) {
    out.push((n % 0x80) | 0x80);
    n = Math.floor(n / 0x80);
  }
  out.push(n);
  return out;
}

/**
 * A PMTiles (version 3) archive of raster tiles, zoom 0 to `maxZoom`, all the same PNG: one
 * directory entry whose run covers every tile id. Uncompressed, no leaf directories.
 */
export function pmtilesArchive(maxZoom = 18): Buffer {
  const tileCount = (4 ** (maxZoom + 1) - 1) / 3;
  // Entries: count, tile id deltas, run lengths, lengths, offsets + 1.
  const root = Buffer.from([...varint(1), ...varint(0), ...varint(tileCount), ...varint(TILE_PNG.length), ...varint(1)]);
  const metadata = Buffer.from('{}');
  const header = Buffer.alloc(127);
  header.write('PMTiles', 0, 'ascii');
  header.writeUInt8(3, 7);
  const u64 = (offset: number, value: number) => header.writeBigUInt64LE(BigInt(value), offset);
  const rootOffset = 127;
  const metadataOffset = rootOffset + root.length;
  const dataOffset = metadataOffset + metadata.length;
  u64(8, rootOffset);
  u64(16, root.length);
  u64(24, metadataOffset);
  u64(32, metadata.length);
  u64(40, dataOffset);
  u64(48, 0);
  u64(56, dataOffset);
  u64(64, TILE_PNG.length);
  u64(72, tileCount);
  u64(80, 1);
  u64(88, 1);
  header.writeUInt8(1, 96); // clustered
  header.writeUInt8(1, 97); // directories not compressed
  header.writeUInt8(1, 98); // tiles not compressed
  header.writeUInt8(2, 99); // PNG
  header.writeUInt8(0, 100);
  header.writeUInt8(maxZoom, 101);
  header.writeInt32LE(-180e7, 102);
  header.writeInt32LE(-85e7, 106);
  header.writeInt32LE(180e7, 110);
  header.writeInt32LE(85e7, 114);
  return Buffer.concat([header, root, metadata, TILE_PNG]);
}

export function writePmtiles(file: string): string {
  fs.writeFileSync(file, pmtilesArchive());
  return file;
}

export interface TileServer {
  /** `http://127.0.0.1:<port>/{z}/{x}/{y}.png` */
  template: string;
  /** The paths asked for, in order. */
  requests: string[];
  close(): Promise<void>;
}

/** A tile server on a free loopback port: the PNG for any /z/x/y.png, 404 for anything else. */
export async function startTileServer(): Promise<TileServer> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    if (!/^\/\d+\/\d+\/\d+\.png$/.test(req.url ?? '')) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': TILE_PNG.length, 'Access-Control-Allow-Origin': '*' }).end(TILE_PNG);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    template: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
