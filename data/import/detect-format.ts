/**
 * The kind of an uploaded file, from its first bytes: names lie, a PNG renamed
 * `.xlsx` must be refused with a clear message, not fed to a parser that fails obscurely.
 */
import { open } from 'node:fs/promises';
import { InputError } from '../../domain/errors.js';
import type { FileFormat } from './pipeline.js';
import { readZipDirectory } from './zip-directory.js';

export const SNIFF_BYTES = 8192;
export const EMPTY_FILE_MESSAGE = 'The file is empty';

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

// Common things people upload by mistake, named in the refusal so they know what they sent.
const KNOWN_BINARIES: Array<[number[], string]> = [
  [[0x89, 0x50, 0x4e, 0x47], 'a PNG image'],
  [[0xff, 0xd8, 0xff], 'a JPEG image'],
  [[0x47, 0x49, 0x46, 0x38], 'a GIF image'],
  [[0x25, 0x50, 0x44, 0x46], 'a PDF document'],
  [[0x4d, 0x5a], 'a Windows program'],
  [[0x7f, 0x45, 0x4c, 0x46], 'an ELF program'],
  [[0x1f, 0x8b], 'a gzip archive'],
  [[0x52, 0x61, 0x72, 0x21], 'a RAR archive'],
  [[0x37, 0x7a, 0xbc, 0xaf], 'a 7-Zip archive'],
];

const unsupported = (what: string) =>
  new InputError(`Unsupported file: ${what}; only CSV, XLSX and XLS files can be imported`, 415);

/** The first bytes of the file (at most SNIFF_BYTES) and its size; InputError 400 when empty. */
export async function sniff(filePath: string): Promise<{ head: Buffer; size: number }> {
  const file = await open(filePath, 'r');
  try {
    const { size } = await file.stat();
    if (size === 0) throw new InputError(EMPTY_FILE_MESSAGE, 400);
    const head = Buffer.alloc(Math.min(size, SNIFF_BYTES));
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    return { head: head.subarray(0, bytesRead), size };
  } finally {
    await file.close();
  }
}

/** True when the bytes read as text: UTF-16 with a BOM, or no NULs and almost no control bytes. */
export function looksLikeText(head: Buffer): boolean {
  if (head.length >= 2 && ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff))) return true;
  let control = 0;
  for (const byte of head) {
    if (byte === 0) return false;
    // Tab, LF, FF, CR and the DOS end-of-file mark are what text files contain.
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d && byte !== 0x1a) control++;
  }
  return control <= head.length / 100;
}

/** 'csv' | 'xlsx' | 'xls', or InputError 415 naming what the file seems to be instead. */
export async function detectFormat(filePath: string): Promise<FileFormat> {
  const { head } = await sniff(filePath);
  if (head.subarray(0, 4).equals(ZIP)) {
    const entries = await readZipDirectory(filePath);
    if (!entries.some((entry) => entry.name === 'xl/workbook.xml')) {
      throw unsupported('a ZIP archive that is not an XLSX workbook');
    }
    return 'xlsx';
  }
  if (head.subarray(0, 8).equals(OLE2)) return 'xls';
  for (const [signature, what] of KNOWN_BINARIES) {
    if (signature.every((byte, i) => head[i] === byte)) throw unsupported(what);
  }
  if (looksLikeText(head)) return 'csv';
  throw unsupported('a binary file');
}
