/**
 * The one entry point for reading an import file: the format comes from its bytes,
 * never from its name, and every format yields the same RowSource.
 */
import { MAX_COLUMNS } from '../../domain/constants.js';
import { detectFormat } from './detect-format.js';
import { tooManyColumns } from './columns.js';
import type { ReadOptions, RowSource } from './pipeline.js';
import { openCsv } from './read-csv.js';

export async function openRows(filePath: string, options: ReadOptions = {}): Promise<RowSource> {
  const source = await open(filePath, options);
  if (source.headers.length > MAX_COLUMNS) {
    await source.close();
    throw tooManyColumns(source.headers.length);
  }
  return source;
}

async function open(filePath: string, options: ReadOptions): Promise<RowSource> {
  const format = await detectFormat(filePath);
  switch (format) {
    // The spreadsheet readers are loaded only for their files: exceljs and SheetJS take memory in
    // every thread that loads them, which a CSV import (and an XLSX import's loader thread) never needs.
    case 'xlsx':
      return options.readerThread ? (await import('./read-xlsx-thread.js')).openXlsxInThread(filePath) : (await import('./read-xlsx.js')).openXlsx(filePath);
    case 'xls':
      return (await import('./read-xls.js')).openXls(filePath);
    case 'csv':
      return openCsv(filePath, options);
  }
}
