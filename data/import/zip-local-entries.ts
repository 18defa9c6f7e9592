/**
 * The local entries of a zip, walked the way exceljs's unzipper (0.10) walks them, and held to the
 * central directory. Every check of a workbook (sizes, ratio, CRC) goes through the directory, but
 * exceljs never reads the directory: it reads local headers one after another from byte 0, and
 * treats any `xl/worksheets/sheetN.xml` it meets as a worksheet. So the two readings must agree
 * exactly, or a worksheet hidden from the directory (after the last entry, inside another entry's
 * data behind a short local size, or behind a fake data descriptor) would be read unchecked.
 */
import { InputError } from '../../domain/errors.js';

type Read = (position: number, length: number) => Promise<Buffer>;

/** What the central directory says of one entry (zip-directory.ts's ZipEntry has these and more). */
interface ListedEntry {
  name: string;
  method: number;
  compressedSize: number;
  localHeaderOffset: number;
}

const LOCAL_SIGNATURE = 0x04034b50;
const DESCRIPTOR = Buffer.from([0x50, 0x4b, 0x07, 0x08]);
/** unzipper reads a data descriptor as 16 bytes: signature, CRC and two 32-bit sizes. */
const DESCRIPTOR_BYTES = 16;
const SCAN_CHUNK = 1024 * 1024;

const smuggled = () =>
  new InputError('The spreadsheet holds data its zip directory does not list; save it again from a spreadsheet program', 400);

/**
 * Refuses (400) unless the local entries, read from byte 0 as unzipper reads them, are exactly the
 * directory's entries: each where the directory puts it, under its name, its data as long as the
 * directory says, and the last one ending where the directory starts. `damaged` is for headers
 * that cannot be read at all.
 */
export async function checkLocalEntries(read: Read, entries: ListedEntry[], directoryOffset: number, damaged: () => Error): Promise<void> {
  let position = 0;
  for (const entry of [...entries].sort((a, b) => a.localHeaderOffset - b.localHeaderOffset)) {
    if (entry.localHeaderOffset !== position) throw smuggled();
    const local = await read(position, 30);
    if (local.readUInt32LE(0) !== LOCAL_SIGNATURE) throw damaged();
    const flags = local.readUInt16LE(6);
    const method = local.readUInt16LE(8);
    const nameLength = local.readUInt16LE(26);
    const extraLength = local.readUInt16LE(28);
    const name = (await read(position + 30, nameLength)).toString('utf8');
    if (name !== entry.name) throw smuggled();
    // unzipper inflates whenever the local method is not 0; the CRC pass follows the directory's.
    if ((method === 0) !== (entry.method === 0)) throw damaged();
    const compressedSize = localCompressedSize(local.readUInt32LE(18), await read(position + 30 + nameLength, extraLength));
    if (compressedSize === null) throw damaged();
    const dataStart = position + 30 + nameLength + extraLength;

    if (!(flags & 0x08) || compressedSize > 0) {
      // The size in the local header is what unzipper reads, whatever the directory says.
      if (compressedSize !== entry.compressedSize) throw smuggled();
      position = dataStart + compressedSize;
    } else {
      // Bit 3 and no size: unzipper reads up to the first data-descriptor signature it finds.
      const end = await findDescriptor(read, dataStart, directoryOffset);
      if (end !== dataStart + entry.compressedSize) throw smuggled();
      position = end + DESCRIPTOR_BYTES;
    }
  }
  if (position !== directoryOffset) throw smuggled();
}

/**
 * The compressed size a local header gives, read as unzipper reads it: 0xffffffff means "in the
 * ZIP64 extra field", whose layout unzipper takes as fixed (uncompressed, then compressed size).
 * Null when that field is missing or short.
 */
function localCompressedSize(size: number, extra: Buffer): number | null {
  if (size !== 0xffffffff) return size;
  for (let at = 0; at + 4 <= extra.length; at += 4 + extra.readUInt16LE(at + 2)) {
    if (extra.readUInt16LE(at) !== 0x0001) continue;
    if (at + 20 > extra.length) return null;
    const value = extra.readBigUInt64LE(at + 12);
    return value > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(value);
  }
  return null;
}

/** Position of the first data-descriptor signature at or after `from`, before `limit`; -1 if none. */
async function findDescriptor(read: Read, from: number, limit: number): Promise<number> {
  for (let at = from; at < limit; at += SCAN_CHUNK) {
    // Chunks overlap by three bytes, so a signature split between two is still found.
    const length = Math.min(SCAN_CHUNK + DESCRIPTOR.length - 1, limit - at);
    if (length < DESCRIPTOR.length) break;
    const found = (await read(at, length)).indexOf(DESCRIPTOR);
    if (found >= 0) return at + found;
  }
  return -1;
}
