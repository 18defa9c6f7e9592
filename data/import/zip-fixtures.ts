/** For tests: real workbooks from exceljs, and one doctored the way a zip-smuggling attack is. */
import { deflateRawSync, crc32 } from 'node:zlib';
import ExcelJS from 'exceljs';

/** A small, honest XLSX: the import header and `rows` businesses. */
export async function plainXlsx(rows = 1): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Businesses');
  ws.addRow(['name', 'full_address', 'city', 'country']);
  for (let i = 1; i <= rows; i++) ws.addRow([`Shop ${i}`, `${i} Main St, Austin, TX`, 'Austin', 'United States']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * The plain workbook with one more local entry slipped in before the central directory, which
 * does not list it: a worksheet whose single cell unpacks to `cellBytes` characters.
 */
export async function smuggledXlsx(cellBytes = 4 * 1024 * 1024): Promise<Buffer> {
  const zip = await plainXlsx();
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const directoryOffset = zip.readUInt32LE(eocd + 16);
  const name = Buffer.from('xl/worksheets/sheet2.xml');
  const xml = Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>${'A'.repeat(cellBytes)}</t></is></c></row></sheetData></worksheet>`,
  );
  const data = deflateRawSync(xml);
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(8, 8);
  header.writeUInt32LE(crc32(xml), 14);
  header.writeUInt32LE(data.length, 18);
  header.writeUInt32LE(xml.length, 22);
  header.writeUInt16LE(name.length, 26);
  const inserted = Buffer.concat([header, name, data]);
  const out = Buffer.concat([zip.subarray(0, directoryOffset), inserted, zip.subarray(directoryOffset)]);
  out.writeUInt32LE(directoryOffset + inserted.length, eocd + inserted.length + 16);
  return out;
}
