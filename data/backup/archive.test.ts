import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArchiveWriter, extractArchive } from './archive.js';

describe('the backup file', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rehber-archive-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  async function write(name: string): Promise<string> {
    const source = path.join(dir, 'source.bin');
    fs.writeFileSync(source, 'x'.repeat(5000));
    const file = path.join(dir, name);
    const writer = await ArchiveWriter.create(file, { createdAt: 'now' });
    await writer.directory('pgdata');
    await writer.buffer('pgdata/PG_VERSION', '18\n');
    // Shrunk after stat saw it: padded to the size the header promised; grown: cut there.
    await writer.file('pgdata/shrunk', source, { size: 6000, mtime: new Date(0), mode: 0o600 });
    await writer.file('pgdata/grown', source, { size: 3000, mtime: new Date(0), mode: 0o600 });
    await writer.buffer('uploads/upload-1', 'a,b\nc,d\n');
    expect(fs.existsSync(file)).toBe(false);
    await writer.finish({ note: 'test' });
    return file;
  }

  it('round-trips through a temporary name, plain or gzipped, with the manifest last', async () => {
    for (const name of ['plain.tar', 'packed.tar.gz']) {
      const file = await write(name);
      expect(fs.readdirSync(dir).filter((n) => n.includes('partial'))).toEqual([]);
      const out = path.join(dir, `out-${name}`);
      const manifest = await extractArchive(file, (entry) => path.join(out, entry));
      expect(manifest).toMatchObject({ format: 'rehber-backup', version: 1, entries: 5, note: 'test' });
      expect(fs.readFileSync(path.join(out, 'pgdata', 'PG_VERSION'), 'utf8')).toBe('18\n');
      const shrunk = fs.readFileSync(path.join(out, 'pgdata', 'shrunk'));
      expect(shrunk.length).toBe(6000);
      expect(shrunk.subarray(5000).every((b) => b === 0)).toBe(true);
      expect(fs.readFileSync(path.join(out, 'pgdata', 'grown'), 'utf8')).toBe('x'.repeat(3000));
      expect(fs.readFileSync(path.join(out, 'uploads', 'upload-1'), 'utf8')).toBe('a,b\nc,d\n');
    }
  });

  it('refuses a file whose bytes changed, by its checksum', async () => {
    const file = await write('changed.tar');
    const bytes = fs.readFileSync(file);
    const at = bytes.indexOf('a,b\nc,d\n');
    bytes[at] = 'z'.charCodeAt(0);
    fs.writeFileSync(file, bytes);
    await expect(extractArchive(file, () => null)).rejects.toThrow('changed.tar is damaged: its contents do not match the checksum of its manifest');
  });

  it('leaves nothing behind when a backup is abandoned', async () => {
    const file = path.join(dir, 'abandoned.tar');
    const writer = await ArchiveWriter.create(file, {});
    await writer.buffer('pgdata/PG_VERSION', '18\n');
    await writer.abort();
    expect(fs.readdirSync(dir).filter((n) => n.includes('abandoned'))).toEqual([]);
  });
});
