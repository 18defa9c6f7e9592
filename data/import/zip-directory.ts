/**
 * Reads a zip's central directory (the list at the end of the file) without unpacking anything:
 * what an XLSX holds, and how big it says it will be once unpacked, before exceljs streams it.
 * A file cut short loses this directory, which is how a truncated XLSX is told apart cheaply.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline, type Readable } from 'node:stream';
import { crc32, createInflateRaw } from 'node:zlib';
import { InputError } from '../../domain/errors.js';
import { checkLocalEntries } from './zip-local-entries.js';

export interface ZipEntry {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
  /** 0 stored, 8 deflated. */
  method: number;
  crc32: number;
  localHeaderOffset: number;
}

export const DAMAGED_MESSAGE = 'The spreadsheet is damaged or truncated';

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;
/**
 * The pieces an entry is read and inflated in. zlib's default (16 KB out of 64 KB reads) makes a
 * call back and a chunk for every 16 KB of a worksheet of tens of MB; at 256 KB the pass costs
 * under half the CPU, and memory stays a few such pieces whatever the size of the file.
 */
const INFLATE_CHUNK = 256 * 1024;
/** A directory bigger than this is not a spreadsheet we would read anyway. */
const MAX_DIRECTORY_BYTES = 64 * 1024 * 1024;

const damaged = () => new InputError(DAMAGED_MESSAGE, 400);

function u64(buffer: Buffer, offset: number): number {
  const value = buffer.readBigUInt64LE(offset);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw damaged();
  return Number(value);
}

export async function readZipDirectory(filePath: string): Promise<ZipEntry[]> {
  const file = await open(filePath, 'r');
  try {
    const { size } = await file.stat();
    const read = async (position: number, length: number): Promise<Buffer> => {
      if (position < 0 || length < 0 || position + length > size) throw damaged();
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await file.read(buffer, 0, length, position);
      if (bytesRead !== length) throw damaged();
      return buffer;
    };

    const tailLength = Math.min(size, EOCD_SIZE + MAX_COMMENT);
    const tail = await read(size - tailLength, tailLength);
    let eocd = -1;
    for (let i = tail.length - EOCD_SIZE; i >= 0; i--) {
      if (tail.readUInt32LE(i) === EOCD_SIGNATURE) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) throw damaged();
    const eocdPosition = size - tailLength + eocd;
    let count = tail.readUInt16LE(eocd + 10);
    let directorySize = tail.readUInt32LE(eocd + 12);
    let directoryOffset = tail.readUInt32LE(eocd + 16);

    if (count === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
      const locator = await read(eocdPosition - 20, 20);
      if (locator.readUInt32LE(0) !== ZIP64_LOCATOR_SIGNATURE) throw damaged();
      const record = await read(u64(locator, 8), 56);
      if (record.readUInt32LE(0) !== ZIP64_EOCD_SIGNATURE) throw damaged();
      count = u64(record, 32);
      directorySize = u64(record, 40);
      directoryOffset = u64(record, 48);
    }
    if (directorySize > MAX_DIRECTORY_BYTES) throw damaged();

    const directory = await read(directoryOffset, directorySize);
    const entries: ZipEntry[] = [];
    let at = 0;
    for (let i = 0; i < count; i++) {
      if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL_SIGNATURE) throw damaged();
      const method = directory.readUInt16LE(at + 10);
      const crc = directory.readUInt32LE(at + 16);
      let localHeaderOffset = directory.readUInt32LE(at + 42);
      let compressedSize = directory.readUInt32LE(at + 20);
      let uncompressedSize = directory.readUInt32LE(at + 24);
      const nameLength = directory.readUInt16LE(at + 28);
      const extraLength = directory.readUInt16LE(at + 30);
      const commentLength = directory.readUInt16LE(at + 32);
      const end = at + 46 + nameLength + extraLength + commentLength;
      if (end > directory.length) throw damaged();
      const name = directory.toString('utf8', at + 46, at + 46 + nameLength);
      // ZIP64: sizes too big for 32 bits live in extra field 0x0001, uncompressed first.
      if (uncompressedSize === 0xffffffff || compressedSize === 0xffffffff || localHeaderOffset === 0xffffffff) {
        let extra = at + 46 + nameLength;
        const extraEnd = extra + extraLength;
        while (extra + 4 <= extraEnd) {
          const id = directory.readUInt16LE(extra);
          const length = directory.readUInt16LE(extra + 2);
          if (id === 0x0001) {
            let field = extra + 4;
            if (uncompressedSize === 0xffffffff && field + 8 <= extraEnd) {
              uncompressedSize = u64(directory, field);
              field += 8;
            }
            if (compressedSize === 0xffffffff && field + 8 <= extraEnd) {
              compressedSize = u64(directory, field);
              field += 8;
            }
            if (localHeaderOffset === 0xffffffff && field + 8 <= extraEnd) localHeaderOffset = u64(directory, field);
            break;
          }
          extra += 4 + length;
        }
      }
      entries.push({ name, compressedSize, uncompressedSize, method, crc32: crc, localHeaderOffset });
      at = end;
    }
    await checkLocalEntries(read, entries, directoryOffset, damaged);
    return entries;
  } finally {
    await file.close();
  }
}

/** What verifyZip refuses, and how it says so. */
export interface ZipChecks {
  /** Largest total unpacked size. */
  maxUnpackedBytes: number;
  tooBig: () => Error;
  /** Longest text between two tags in a part exceljs parses (a cell's text, in effect). */
  maxTextBytes: number;
  textTooLong: () => Error;
}

/**
 * The parts exceljs parses as XML, matched as it matches them (worksheets with an unanchored
 * pattern); every other part it drains unread, so a long run of text there costs nothing.
 */
export const parsedByExceljs = (name: string): boolean =>
  /^(xl\/_rels\/workbook\.xml\.rels|xl\/workbook\.xml|xl\/sharedStrings\.xml|xl\/styles\.xml)$/.test(name) ||
  /xl\/worksheets\/(_rels\/)?sheet\d+[.]xml/.test(name);

/**
 * Inflates every entry once, without keeping anything, and checks it against the directory: real
 * sizes (a bomb can lie in the directory: it is stopped as soon as an entry passes its declared
 * size) and CRCs, and that the deflate data ends exactly where the entry does. exceljs waits
 * forever on a damaged entry instead of failing, so a workbook is only handed to it once this
 * pass has succeeded. The parts exceljs parses are also scanned for a run of text too long for
 * any cell: exceljs would hold it whole in memory. The pass costs a fraction of exceljs's XML
 * parsing of the same bytes.
 */
export async function verifyZip(filePath: string, entries: ZipEntry[], checks: ZipChecks): Promise<void> {
  let total = 0;
  const file = await open(filePath, 'r');
  const headers: Array<{ entry: ZipEntry; start: number }> = [];
  try {
    const { size } = await file.stat();
    for (const entry of entries) {
      const local = Buffer.alloc(30);
      const { bytesRead } = await file.read(local, 0, 30, entry.localHeaderOffset);
      if (bytesRead !== 30 || local.readUInt32LE(0) !== 0x04034b50) throw damaged();
      const start = entry.localHeaderOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
      if (start + entry.compressedSize > size) throw damaged();
      headers.push({ entry, start });
    }
  } finally {
    await file.close();
  }
  for (const { entry, start } of headers) {
    if (entry.compressedSize === 0) {
      if (entry.uncompressedSize !== 0) throw damaged();
      continue;
    }
    if (entry.method !== 0 && entry.method !== 8) throw damaged();
    const raw = createReadStream(filePath, { start, end: start + entry.compressedSize - 1, highWaterMark: INFLATE_CHUNK });
    const inflater = entry.method === 8 ? createInflateRaw({ chunkSize: INFLATE_CHUNK }) : null;
    if (inflater) pipeline(raw, inflater, () => {});
    const data: Readable = inflater ?? raw;
    const text = parsedByExceljs(entry.name) ? new TextRun(checks.maxTextBytes, checks.textTooLong) : null;
    let crc = 0;
    let length = 0;
    try {
      for await (const chunk of data as AsyncIterable<Buffer>) {
        length += chunk.length;
        total += chunk.length;
        if (total > checks.maxUnpackedBytes) throw checks.tooBig();
        if (length > entry.uncompressedSize) throw damaged();
        text?.add(chunk);
        crc = crc32(chunk, crc);
      }
    } catch (error) {
      raw.destroy();
      data.destroy();
      if (error instanceof InputError) throw error;
      throw damaged();
    }
    if (length !== entry.uncompressedSize || crc !== entry.crc32) throw damaged();
    // Bytes after the end of the deflate data would be read by no check here.
    if (inflater && inflater.bytesWritten !== entry.compressedSize) throw damaged();
  }
}

/** The bytes since the last `<`, across chunks; throws once they pass `max`. */
class TextRun {
  private run = 0;
  constructor(
    private readonly max: number,
    private readonly tooLong: () => Error,
  ) {}

  add(chunk: Buffer): void {
    const first = chunk.indexOf(0x3c);
    if (first < 0) {
      this.run += chunk.length;
    } else {
      this.check(this.run + first);
      // Runs inside a chunk no longer than max cannot pass it; a longer chunk is walked.
      if (chunk.length > this.max) {
        for (let at = first, next = chunk.indexOf(0x3c, at + 1); next >= 0; at = next, next = chunk.indexOf(0x3c, at + 1)) this.check(next - at - 1);
      }
      this.run = chunk.length - 1 - chunk.lastIndexOf(0x3c);
    }
    this.check(this.run);
  }

  private check(run: number): void {
    if (run > this.max) throw this.tooLong();
  }
}
