/**
 * Reads a zip's central directory (the list at the end of the file) without unpacking anything:
 * what an XLSX holds, and how big it says it will be once unpacked, before exceljs streams it.
 * A file cut short loses this directory, which is how a truncated XLSX is told apart cheaply.
 */
import { open } from 'node:fs/promises';
import { InputError } from './errors.js';

export interface ZipEntry {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
}

export const DAMAGED_MESSAGE = 'The spreadsheet is damaged or truncated';

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;
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
      let compressedSize = directory.readUInt32LE(at + 20);
      let uncompressedSize = directory.readUInt32LE(at + 24);
      const nameLength = directory.readUInt16LE(at + 28);
      const extraLength = directory.readUInt16LE(at + 30);
      const commentLength = directory.readUInt16LE(at + 32);
      const end = at + 46 + nameLength + extraLength + commentLength;
      if (end > directory.length) throw damaged();
      const name = directory.toString('utf8', at + 46, at + 46 + nameLength);
      // ZIP64: sizes too big for 32 bits live in extra field 0x0001, uncompressed first.
      if (uncompressedSize === 0xffffffff || compressedSize === 0xffffffff) {
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
            if (compressedSize === 0xffffffff && field + 8 <= extraEnd) compressedSize = u64(directory, field);
            break;
          }
          extra += 4 + length;
        }
      }
      entries.push({ name, compressedSize, uncompressedSize });
      at = end;
    }
    return entries;
  } finally {
    await file.close();
  }
}
