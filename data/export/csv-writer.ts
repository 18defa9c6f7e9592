/**
 * The one CSV writer: every CSV rehber writes (exports, rejected rows, the sample directory) goes
 * through csvRecord, so each is RFC 4180 with the formula guard of domain/formula-guard.ts.
 * See docs/csv-files.md.
 */
import { neutralise, neutraliseStart } from '../../domain/formula-guard.js';

export type CsvValue = string | number | null | undefined;

/** Excel reads a file as UTF-8 only with it (accents, Turkish letters); the import skips it. */
export const CSV_BOM = '\uFEFF';
/** CRLF between records, as RFC 4180 says; line breaks inside a cell stay as they were. */
export const CSV_EOL = '\r\n';

// Quoted: the separator, a quote, any line break (CR alone too: Excel and Python split there), and
// `;` and tab, so a `;` or tab separated reading keeps a value that starts a line whole.
const QUOTE_WHEN = /[",;\t\r\n]/;
const QUOTES = /"/g;

/**
 * One cell: text guarded against formulas and quoted when it must be; a number as it prints (a
 * negative number is a number to a spreadsheet, not a formula); null and undefined empty. `first`:
 * the record's first cell, guarded even when it is or looks like a number (see neutraliseStart).
 */
export function csvCell(value: CsvValue, first = false): string {
  if (value === null || value === undefined) return '';
  // A negative number first would still start a formula running into the next cells.
  if (typeof value !== 'string') return first ? csvCell(String(value), true) : String(value);
  // No separator, quote or line break (most cells): the value's own start is the only one to guard.
  if (!QUOTE_WHEN.test(value)) return neutraliseStart(value, first);
  const text = neutralise(value, first);
  return `"${text.indexOf('"') >= 0 ? text.replace(QUOTES, '""') : text}"`;
}

/** One record, CRLF-terminated. */
export function csvRecord(values: readonly CsvValue[]): string {
  let line = '';
  for (let i = 0; i < values.length; i++) line += i === 0 ? csvCell(values[i], true) : `,${csvCell(values[i])}`;
  return line + CSV_EOL;
}

/** Many records as one string: one write per batch keeps a big file fast. */
export function csvRecords(rows: Iterable<readonly CsvValue[]>): string {
  let text = '';
  for (const row of rows) text += csvRecord(row);
  return text;
}
