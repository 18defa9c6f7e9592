/**
 * XLSX rows through exceljs's streaming WorkbookReader (constant memory), its
 * worksheets and shared strings read by xlsx-xml.ts (readSheetsFast), from the first worksheet
 * whose header row carries the required columns. First the zip's own directory is
 * checked (a bomb that admits its size is refused without inflating a byte), and the local entries
 * exceljs will read must be exactly the ones it lists (zip-local-entries.ts); then every entry is
 * inflated once and counted (a bomb that lies, a damaged entry, or a cell longer than any
 * spreadsheet's is refused before exceljs, which hangs on damaged data, ever sees it).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { cellText } from './cell-text.js';
import { hasRequiredHeaders } from './columns.js';
import { EMPTY_FILE_MESSAGE } from './detect-format.js';
import { InputError } from '../../domain/errors.js';
import { MAX_XML_TEXT_BYTES } from '../../domain/constants.js';
import type { RowSource, SheetRow } from './pipeline.js';
import { DAMAGED_MESSAGE, readZipDirectory, verifyZip, type ZipEntry } from './zip-directory.js';
import { MAX_SHARED_STRINGS_BYTES, NEEDS_MORE_MEMORY_MESSAGE, sharedStrings, sheetRows, type SheetContext, type SheetRowValues, type StringTable, type XmlLimits } from './xlsx-xml.js';

export interface XlsxLimits {
  /** Largest total unpacked size accepted. */
  maxUnpackedBytes: number;
  /** Largest unpacked/packed ratio accepted for an entry bigger than ratioFloorBytes. */
  maxRatio: number;
  ratioFloorBytes: number;
  /** Longest text between two tags in a worksheet or shared-strings part. */
  maxTextBytes: number;
  /** The shared strings' packed size (xlsx-xml.ts MAX_SHARED_STRINGS_BYTES). */
  maxSharedStringsBytes: number;
}

export const XLSX_LIMITS: XlsxLimits = {
  maxUnpackedBytes: 2 * 1024 ** 3,
  // Sheet XML of real data packs 5–30:1; 200:1 on a big entry is filler made to explode.
  maxRatio: 200,
  ratioFloorBytes: 64 * 1024 ** 2,
  maxTextBytes: MAX_XML_TEXT_BYTES,
  maxSharedStringsBytes: MAX_SHARED_STRINGS_BYTES,
};

const MB = 1024 * 1024;
const mb = (bytes: number) => (bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${Math.round(bytes / 1024)} KB`);

/** The bounds of the XML readers (xlsx-xml.ts): a text run of a cell, and markup left open. */
const xmlLimits = (limits: XlsxLimits): XmlLimits => ({
  maxText: limits.maxTextBytes,
  tooLong: () => new InputError(`The spreadsheet has a cell of more than ${mb(limits.maxTextBytes)} of text; a spreadsheet cell holds at most 32,767 characters`, 413),
  damaged: () => new InputError(DAMAGED_MESSAGE, 400),
  maxStringsBytes: limits.maxSharedStringsBytes,
  tooManyStrings: () => new InputError(NEEDS_MORE_MEMORY_MESSAGE, 413),
});

/** Refuses, with 413, a zip whose directory promises more than the limits allow. */
const tooBig = (limits: XlsxLimits) =>
  new InputError(`The spreadsheet unpacks to more than ${mb(limits.maxUnpackedBytes)}`, 413);

export function checkUnpackedSize(entries: ZipEntry[], limits: XlsxLimits = XLSX_LIMITS): void {
  const total = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (total > limits.maxUnpackedBytes) throw tooBig(limits);
  for (const entry of entries) {
    const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
    if (entry.uncompressedSize > limits.ratioFloorBytes && ratio > limits.maxRatio) {
      throw new InputError(`The spreadsheet is compressed ${Math.round(ratio)}:1, too much to be real data (a zip bomb?)`, 413);
    }
  }
}

type RowValues = ExcelJS.CellValue[];

/** What read-xlsx.ts uses of exceljs's WorkbookReader beyond its typings. */
interface ReaderInternals {
  sharedStrings?: StringTable;
  styles: { getStyleModel(index: number): { numFmt?: string } | null };
  properties?: { model?: { date1904?: boolean } };
  _parseWorksheet(iterator: AsyncIterable<Buffer | string>, sheetNo: string): Generator<{ eventType: string; value: unknown }>;
  _parseSharedStrings(entry: NodeJS.ReadableStream): AsyncGenerator<never>;
  /** The file's stream, which parse() pipes into unzipper's Parse (the archive's entries). */
  _getStream(input: unknown): { pipe(zip: Readable): unknown };
}

/** A temporary file's remover, as exceljs's 'tmp' hands it out: it closes the file and unlinks it, then calls `done` (only the first time it is called). */
type RemoveTempFile = (done?: () => void) => void;
type TmpFile = (callback: (error: Error | null, path: string, fd: number, remove: RemoveTempFile) => void) => void;

/**
 * The temporary files exceljs made for the reader whose walk is running. exceljs puts each worksheet
 * met before the shared strings aside in a temporary file (Excel and exceljs write them in that
 * order, so nearly every workbook) and removes it only when its walk goes on past that sheet. An
 * import closes the reader once it has its sheet's rows, so without this each one left its sheet's
 * XML in the temp folder (and a file descriptor open) until the process ended. A reader's walk
 * runs only inside openXlsx's calls (walkOf), so the files it makes are known to be its own.
 */
const tempFilesOfWalk = new AsyncLocalStorage<Set<() => Promise<void>>>();
const tmp = createRequire(createRequire(import.meta.url).resolve('exceljs'))('tmp') as { file: TmpFile };
const tmpFile = tmp.file.bind(tmp);
tmp.file = (callback) => {
  const made = tempFilesOfWalk.getStore();
  tmpFile((error, path, fd, remove) => {
    // Whoever asks first (exceljs past the sheet, or the reader's close) removes it; both wait for it.
    let removed: Promise<void> | undefined;
    const removeOnce = () => (removed ??= new Promise<void>((resolve) => remove(() => resolve())));
    if (!error) made?.add(removeOnce);
    callback(error, path, fd, () => void removeOnce());
  });
};

/** A reader's walk through the zip's entries, its temporary files counted (tempFilesOfWalk) and removed by `removeAll`. */
function walkOf<T>(sheets: AsyncIterator<T>) {
  const made = new Set<() => Promise<void>>();
  return {
    next: () => tempFilesOfWalk.run(made, () => sheets.next()),
    return: () => tempFilesOfWalk.run(made, () => sheets.return?.(undefined)),
    removeAll: () => Promise.all([...made].map((remove) => remove())),
  };
}

/** exceljs's adapter of a zip entry's stream to chunks (its package has no typings for it). */
const iterateStream = createRequire(import.meta.url)('exceljs/lib/utils/iterate-stream.js') as (stream: NodeJS.ReadableStream) => AsyncIterable<Buffer>;

/**
 * The shared strings and each worksheet's rows are read by xlsx-xml.ts instead of exceljs's
 * parsers; the rest (the unzipping, in the zip's order, the styles, the workbook's properties)
 * stays exceljs's, read when the sheet's turn comes as its own reader reads them. These are two
 * private methods of exceljs 4.4 (the lock file pins it): should a version stop calling them,
 * xlsx-xml.test.ts fails (its chunk, phonetic and heap cases read what exceljs alone cannot).
 */
export function readSheetsFast(reader: ExcelJS.stream.xlsx.WorkbookReader, limits: XmlLimits = xmlLimits(XLSX_LIMITS)): void {
  const internals = reader as unknown as ReaderInternals;
  const getStream = internals._getStream.bind(reader);
  internals._getStream = (input) => {
    const stream = getStream(input);
    const pipe = stream.pipe.bind(stream);
    stream.pipe = (zip) => pipe(endAfterBufferedEntries(zip));
    return stream;
  };
  // exceljs delegates to it with yield*: it yields nothing, it fills sharedStrings.
  // eslint-disable-next-line require-yield
  internals._parseSharedStrings = async function* (entry) {
    // Through exceljs's own adapter of unzipper's entry streams, as exceljs reads that entry.
    internals.sharedStrings = await sharedStrings(iterateStream(entry), limits);
  };
  internals._parseWorksheet = function* (iterator) {
    const context: SheetContext = {
      sharedStrings: internals.sharedStrings,
      styleOf: (index) => internals.styles.getStyleModel(index) ?? undefined,
      date1904: internals.properties?.model?.date1904 === true,
      limits,
    };
    yield { eventType: 'worksheet', value: { [Symbol.asyncIterator]: () => sheetRows(iterator, context) } };
  };
}

/**
 * unzipper's Parse says 'end' as soon as it has read the whole archive, while entries it read
 * ahead may still wait in its buffer. exceljs meets a worksheet before the shared strings (it
 * writes them in that order) and puts it aside in a temporary file, pausing its
 * walk through the entries meanwhile; when the archive was all read before that file was written
 * (a busy machine), the walk took the 'end' for the last entry and never saw the shared strings,
 * styles and workbook behind it: every text cell came out empty, the header row too ("Missing
 * required columns"), and dates as numbers. Here that 'end' waits until the buffered entries are out.
 */
function endAfterBufferedEntries<T extends Readable>(zip: T): T {
  const emit = zip.emit.bind(zip);
  let held = false;
  zip.emit = (event: string | symbol, ...args: unknown[]) => {
    if (event !== 'end' || zip.readableLength === 0) return emit(event, ...args);
    if (!held) {
      held = true;
      const out = () => {
        if (zip.readableLength > 0) return;
        zip.off('data', out);
        emit('end');
      };
      // Listening does not resume a paused stream: the entries go out when exceljs asks for them.
      zip.on('data', out);
    }
    return false;
  };
  return zip;
}

function rowCells(values: RowValues, width: number): string[] {
  // exceljs rows are 1-based sparse arrays: index 0 is unused, missing cells are holes.
  const cells = new Array<string>(width);
  for (let i = 0; i < width; i++) cells[i] = cellText(values[i + 1]);
  return cells;
}

const isBlank = (cells: string[]) => cells.every((cell) => cell.trim() === '');

function translate(error: unknown): unknown {
  if (error instanceof InputError) return error;
  return new InputError(DAMAGED_MESSAGE, 400);
}

export async function openXlsx(filePath: string, limits: XlsxLimits = XLSX_LIMITS): Promise<RowSource> {
  const { size } = await stat(filePath);
  if (size === 0) throw new InputError(EMPTY_FILE_MESSAGE, 400);
  const entries = await readZipDirectory(filePath);
  if (!entries.some((entry) => entry.name === 'xl/workbook.xml')) {
    throw new InputError('Unsupported file: a ZIP archive that is not an XLSX workbook; only CSV, XLSX and XLS files can be imported', 415);
  }
  checkUnpackedSize(entries, limits);
  const xml = xmlLimits(limits);
  await verifyZip(filePath, entries, {
    maxUnpackedBytes: limits.maxUnpackedBytes,
    tooBig: () => tooBig(limits),
    maxTextBytes: limits.maxTextBytes,
    textTooLong: xml.tooLong,
  });

  const file = createReadStream(filePath);
  // Without a listener a read error would be an unhandled 'error' event and end the process;
  // exceljs sees the stream stop and its iterator throws instead.
  file.on('error', () => {});
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
    entries: 'ignore',
  });
  (reader as unknown as NodeJS.EventEmitter).on('error', () => {});
  readSheetsFast(reader, xml);
  const sheets = walkOf(reader[Symbol.asyncIterator]());
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    file.destroy();
    await sheets.return()?.catch(() => undefined);
    await sheets.removeAll();
  };

  try {
    let firstHeaders: string[] | null = null;
    for (;;) {
      const sheet = await sheets.next();
      if (sheet.done) break;
      const rows = (sheet.value as AsyncIterable<SheetRowValues>)[Symbol.asyncIterator]();
      // The header is the sheet's first row with any text.
      let header: { number: number; cells: string[] } | null = null;
      for (;;) {
        const row = await rows.next();
        if (row.done) break;
        const values = row.value.values as RowValues;
        const cells = rowCells(values, Math.max(0, values.length - 1));
        if (!isBlank(cells)) {
          header = { number: row.value.number, cells };
          break;
        }
      }
      if (header === null) continue;
      firstHeaders ??= header.cells;
      if (!hasRequiredHeaders(header.cells)) {
        // Drain this sheet: the streaming reader reaches the next one only through it.
        for (let row = await rows.next(); !row.done; row = await rows.next());
        continue;
      }
      return source(header, rows, size, file, close);
    }
    if (firstHeaders === null) throw new InputError(EMPTY_FILE_MESSAGE, 400);
    // No sheet has the required columns: hand back the first sheet's headers so the caller's
    // mapHeaders names what is missing.
    await close();
    return { format: 'xlsx', headers: firstHeaders, rows: (async function* () {})(), bytesTotal: size, bytesRead: () => size, close };
  } catch (error) {
    await close();
    throw translate(error);
  }
}

function source(
  header: { number: number; cells: string[] },
  rows: AsyncIterator<SheetRowValues>,
  size: number,
  file: ReturnType<typeof createReadStream>,
  close: () => Promise<void>,
): RowSource {
  const headers = header.cells;
  const offset = header.number - 1;
  async function* iterate(): AsyncGenerator<SheetRow> {
    try {
      for (;;) {
        let next: IteratorResult<SheetRowValues>;
        try {
          next = await rows.next();
        } catch (error) {
          throw translate(error);
        }
        if (next.done) return;
        const cells = rowCells(next.value.values as RowValues, headers.length);
        if (isBlank(cells)) continue;
        yield { rowNumber: next.value.number - offset, cells };
      }
    } finally {
      await close();
    }
  }
  return {
    format: 'xlsx',
    headers,
    rows: iterate(),
    bytesTotal: size,
    bytesRead: () => Math.min(size, file.bytesRead),
    close,
  };
}
