/**
 * CSV rows, streamed with constant memory whatever the file's size.
 *
 * Bytes → iconv-lite decoder → papaparse's low-level Parser, driven chunk by chunk from an async
 * iterator: a chunk is only read when the caller asks for more rows, which is the back-pressure.
 * papaparse's own Node streamers were not used: their pause/resume can replay or drop text, and
 * they do not bound the text kept for a row whose quote never closes. Here a record may hold at
 * most MAX_ROW_CHARS; a longer one is rejected and reading resumes at the next line.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline } from 'node:stream';
import Papa from 'papaparse';
import { tooManyColumns } from './columns.js';
import { MAX_COLUMNS } from '../../domain/constants.js';
import { chosenEncoding, decoder, detectEncoding, ENCODING_SAMPLE_BYTES } from './encoding.js';
import { InputError } from '../../domain/errors.js';
import type { ReadOptions, RowSource, SheetRow } from './pipeline.js';
import { EMPTY_FILE_MESSAGE } from './detect-format.js';

/** The most text one record (row) may hold, in characters. */
export const MAX_ROW_CHARS = 1024 * 1024;

export interface CsvReadOptions extends ReadOptions {
  /** Bytes per read from disk; tests make it tiny to split characters and rows across chunks. */
  highWaterMark?: number;
}

type Delimiter = ',' | ';' | '\t';
type Newline = '\n' | '\r\n' | '\r';

/** One parsed record: cells, or why it was rejected. `index` counts records from 1. */
interface RawRecord {
  index: number;
  cells: string[];
  error?: string;
}

/** The delimiter used most in the header line outside quotes; comma on a tie. */
export function sniffDelimiter(headerLine: string): Delimiter {
  const counts: Record<Delimiter, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const char of headerLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === ',' || char === ';' || char === '\t')) counts[char]++;
  }
  let best: Delimiter = ',';
  for (const candidate of [';', '\t'] as const) if (counts[candidate] > counts[best]) best = candidate;
  return best;
}

function sniffNewline(text: string): Newline {
  const lf = text.indexOf('\n');
  if (lf > 0 && text[lf - 1] === '\r') return '\r\n';
  if (lf < 0 && text.includes('\r')) return '\r';
  return '\n';
}

async function readHead(filePath: string, length: number): Promise<{ head: Buffer; size: number }> {
  const file = await open(filePath, 'r');
  try {
    const { size } = await file.stat();
    const head = Buffer.alloc(Math.min(size, length));
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    return { head: head.subarray(0, bytesRead), size };
  } finally {
    await file.close();
  }
}

/**
 * Records from text chunks. Rows that papaparse flags are returned with an error instead of cells;
 * after an unbalanced quote or an oversized record, parsing resumes at the line after its start.
 */
async function* parseRecords(chunks: AsyncIterator<string>, first: string, delimiter: Delimiter, newline: Newline): AsyncGenerator<RawRecord> {
  const parser = new Papa.Parser({ delimiter, newline, quoteChar: '"' });
  let pending = first;
  let index = 0;
  let skippingLine = false; // dropping the rest of an oversized record's first line

  const emit = function* (data: string[][], errors: Papa.ParseError[]): Generator<RawRecord> {
    const errorAt = new Map<number, Papa.ParseError>();
    for (const error of errors) if (error.row !== undefined && !errorAt.has(error.row)) errorAt.set(error.row, error);
    for (let i = 0; i < data.length; i++) {
      index++;
      const error = errorAt.get(i);
      if (error === undefined) yield { index, cells: data[i] };
      else yield { index, cells: [], error: error.code === 'MissingQuotes' ? 'unbalanced quotes' : 'malformed quotes (a quote inside a quoted field must be doubled)' };
    }
  };
  const resyncAfter = (record: string): string | null => {
    const next = record.indexOf(newline);
    return next < 0 ? null : record.slice(next + newline.length);
  };

  for (;;) {
    const next = await chunks.next();
    const final = next.done === true;
    if (!final) pending += next.value;
    if (skippingLine) {
      const rest = resyncAfter(pending);
      pending = rest ?? '';
      if (rest === null) {
        if (final) return;
        continue;
      }
      skippingLine = false;
    }

    let result = parser.parse(pending, 0, true) as Papa.ParseResult<string[]>;
    yield* emit(result.data, result.errors);
    pending = pending.slice(result.meta.cursor);

    if (!final) {
      if (pending.length > MAX_ROW_CHARS) {
        index++;
        const reason = pending.includes('"') ? 'unbalanced quotes (or a row longer than 1 MB)' : 'the row is longer than 1 MB';
        yield { index, cells: [], error: reason };
        const rest = resyncAfter(pending);
        pending = rest ?? '';
        skippingLine = rest === null;
      }
      continue;
    }

    // End of file: what is left is one last record, or an unterminated quote swallowing the rest.
    while (pending !== '') {
      result = parser.parse(pending, 0, false) as Papa.ParseResult<string[]>;
      if (!result.errors.some((e) => e.code === 'MissingQuotes')) {
        yield* emit(result.data, result.errors);
        return;
      }
      index++;
      yield { index, cells: [], error: 'unbalanced quotes' };
      pending = resyncAfter(pending) ?? '';
      const again = parser.parse(pending, 0, true) as Papa.ParseResult<string[]>;
      yield* emit(again.data, again.errors);
      pending = pending.slice(again.meta.cursor);
    }
    return;
  }
}

const isBlank = (cells: string[]) => cells.every((cell) => cell.trim() === '');

export async function openCsv(filePath: string, options: CsvReadOptions = {}): Promise<RowSource> {
  const { head, size } = await readHead(filePath, ENCODING_SAMPLE_BYTES);
  if (size === 0) throw new InputError(EMPTY_FILE_MESSAGE, 400);
  const { encoding, bomLength } = options.encoding ? chosenEncoding(options.encoding, head) : detectEncoding(head);

  const utf8 = encoding.toLowerCase().replace(/[^a-z0-9]/g, '') === 'utf8';
  const file = createReadStream(filePath, { start: bomLength, highWaterMark: options.highWaterMark });
  const text = decoder(encoding);
  // pipeline carries a read error to the decoder, whose iterator then throws it to the caller.
  pipeline(file, text, () => {});
  const chunks = text[Symbol.asyncIterator]() as AsyncIterator<string>;
  const close = async () => {
    file.destroy();
    text.destroy();
  };

  try {
    // The header line decides the delimiter and line ending: read until it is complete.
    let first = '';
    for (;;) {
      const lineEnd = first.replace(/^[\s\uFEFF]+/, '').search(/[\r\n]/);
      if (lineEnd >= 0 && !first.endsWith('\r')) break;
      if (first.length > MAX_ROW_CHARS) throw new InputError('The header row is longer than 1 MB', 400);
      const next = await chunks.next();
      if (next.done) break;
      first += next.value;
    }
    const body = first.replace(/^[\r\n\uFEFF]+/, '');
    const headerLine = body.split(/\r?\n|\r/, 1)[0];
    const delimiter = sniffDelimiter(headerLine);
    // Counted before papaparse splits the line: a million empty columns are refused at once.
    const columns = headerLine.split(delimiter).length;
    if (columns > MAX_COLUMNS) throw tooManyColumns(columns);
    const records = parseRecords(chunks, first, delimiter, sniffNewline(body));

    let header: RawRecord | undefined;
    for (;;) {
      const next = await records.next();
      if (next.done) throw new InputError(EMPTY_FILE_MESSAGE, 400);
      if (next.value.error) throw new InputError(`The header row cannot be read: ${next.value.error}`, 400);
      if (!isBlank(next.value.cells)) {
        header = next.value;
        break;
      }
    }
    const headers = header.cells.map((cell, i) => (i === 0 ? cell.replace(/^\uFEFF/, '') : cell));
    const offset = header.index - 1;

    async function* rows(): AsyncGenerator<SheetRow> {
      try {
        for await (const record of records) {
          const rowNumber = record.index - offset;
          if (record.error) {
            yield { rowNumber, cells: [], error: `Row ${rowNumber}: ${record.error}` };
            continue;
          }
          const { cells } = record;
          if (isBlank(cells)) continue;
          // Trailing empty cells (a stray delimiter at the end of the line) are harmless.
          if (cells.length > headers.length && isBlank(cells.slice(headers.length))) cells.length = headers.length;
          if (cells.length !== headers.length) {
            yield { rowNumber, cells: [], error: `Row ${rowNumber}: expected ${headers.length} cells, found ${cells.length}` };
            continue;
          }
          // iconv-lite writes U+FFFD for bytes that are not UTF-8: that row's text is damaged.
          if (utf8 && cells.some((cell) => cell.includes('\uFFFD'))) {
            yield { rowNumber, cells: [], error: `Row ${rowNumber}: invalid UTF-8 bytes; save the file as UTF-8 and import this row again` };
            continue;
          }
          yield { rowNumber, cells };
        }
      } finally {
        await close();
      }
    }

    return {
      format: 'csv',
      headers,
      rows: rows(),
      bytesTotal: size,
      bytesRead: () => Math.min(size, bomLength + file.bytesRead),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
