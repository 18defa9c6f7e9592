/** For tests: real workbooks from exceljs, and ones doctored the way zip-smuggling attacks are. */
import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';

/** A small, honest XLSX: the import header and `rows` businesses. */
export async function plainXlsx(rows = 1): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Businesses');
  ws.addRow(['name', 'full_address', 'city', 'country']);
  for (let i = 1; i <= rows; i++) ws.addRow([`Shop ${i}`, `${i} Main St, Austin, TX`, 'Austin', 'United States']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A worksheet of inline strings: exceljs reads any `xl/worksheets/sheetN.xml` entry it meets. */
export function sheetXml(rows: string[][]): Buffer {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const cells = (row: string[], r: number) =>
    row.map((text, c) => `<c r="${String.fromCharCode(65 + c)}${r}" t="inlineStr"><is><t>${escape(text)}</t></is></c>`).join('');
  return Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
      rows.map((row, i) => `<row r="${i + 1}">${cells(row, i + 1)}</row>`).join('') +
      '</sheetData></worksheet>',
  );
}

/** A deflated local entry (header, name, data) with its sizes in the header, or zeros and bit 3. */
function localEntry(name: string, content: Buffer, descriptor = false): { bytes: Buffer; data: Buffer; crc: number } {
  const nameBytes = Buffer.from(name);
  const data = deflateRawSync(content);
  const crc = crc32(content);
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(descriptor ? 0x08 : 0, 6);
  header.writeUInt16LE(8, 8);
  if (!descriptor) {
    header.writeUInt32LE(crc, 14);
    header.writeUInt32LE(data.length, 18);
    header.writeUInt32LE(content.length, 22);
  }
  header.writeUInt16LE(nameBytes.length, 26);
  return { bytes: Buffer.concat([header, nameBytes, data]), data, crc };
}

/**
 * The plain workbook with one more local entry slipped in before the central directory, which
 * does not list it: a worksheet whose single cell unpacks to `cellBytes` characters.
 */
export async function smuggledXlsx(cellBytes = 4 * 1024 * 1024): Promise<Buffer> {
  const zip = await plainXlsx();
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const directoryOffset = zip.readUInt32LE(eocd + 16);
  const inserted = localEntry('xl/worksheets/sheet2.xml', sheetXml([['A'.repeat(cellBytes)]])).bytes;
  const out = Buffer.concat([zip.subarray(0, directoryOffset), inserted, zip.subarray(directoryOffset)]);
  out.writeUInt32LE(directoryOffset + inserted.length, eocd + inserted.length + 16);
  return out;
}

/** The entries of an honest zip (no ZIP64), unpacked, in directory order. */
export function unzipEntries(zip: Buffer): Array<{ name: string; content: Buffer }> {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const entries: Array<{ name: string; content: Buffer }> = [];
  let at = zip.readUInt32LE(eocd + 16);
  for (let i = 0; i < zip.readUInt16LE(eocd + 10); i++) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const local = zip.readUInt32LE(at + 42);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + size);
    entries.push({ name, content: method === 8 ? inflateRawSync(data) : Buffer.from(data) });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

/**
 * How a local entry can hide inside another one's data, where a check that only compares offsets
 * and names cannot see it, while exceljs (unzipper) reads the local headers one after another:
 * - 'short-local-size': the host's local header gives the real size of its deflate data; the
 *   directory's, bigger, also covers the hidden entry after it (inflating stops at the end of the
 *   deflate stream, so the host's CRC still matches).
 * - 'fake-descriptor': the host has bit 3 (sizes after the data); a reader that looks for the
 *   first data-descriptor signature, as unzipper does, stops at a fake one right after the deflate
 *   data, reads the hidden entry (bit 3 too), and takes the host's real descriptor for its own.
 */
export type Smuggling = 'short-local-size' | 'fake-descriptor';

export interface Rewrite {
  /** Every entry with bit 3: zero sizes in its local header, a data descriptor after its data. */
  descriptors?: boolean;
  /** A worksheet of these rows hidden inside the first entry, before every listed worksheet. */
  smuggle?: { how: Smuggling; rows: string[][] };
}

/** The honest zip `zip` (an exceljs workbook) written again entry by entry, as `how` says. */
export function rewriteZip(zip: Buffer, how: Rewrite): Buffer {
  const smuggle = how.smuggle;
  const hidden = smuggle && localEntry('xl/worksheets/sheet9.xml', sheetXml(smuggle.rows), smuggle.how === 'fake-descriptor').bytes;
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  unzipEntries(zip).forEach(({ name, content }, i) => {
    const host = i === 0 ? hidden : undefined;
    const descriptor = how.descriptors === true || (host !== undefined && smuggle?.how === 'fake-descriptor');
    const entry = localEntry(name, content, descriptor);
    const sizes = (compressed: number) => {
      const record = Buffer.alloc(16);
      record.writeUInt32LE(0x08074b50, 0);
      record.writeUInt32LE(entry.crc, 4);
      record.writeUInt32LE(compressed, 8);
      record.writeUInt32LE(content.length, 12);
      return record;
    };
    let data = entry.data;
    if (host) data = Buffer.concat(smuggle?.how === 'fake-descriptor' ? [data, sizes(data.length), host] : [data, host]);
    const header = entry.bytes.subarray(0, entry.bytes.length - entry.data.length);
    const bytes = Buffer.concat([header, data, descriptor ? sizes(data.length) : Buffer.alloc(0)]);
    const nameBytes = Buffer.from(name);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(descriptor ? 0x08 : 0, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(content.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(bytes);
    centrals.push(central, nameBytes);
    offset += bytes.length;
  });
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
