/**
 * The one entry point for reading an import file: the format comes from its bytes (CONTRACT §4),
 * never from its name, and every format yields the same RowSource.
 */
import { MAX_COLUMNS } from '../domain/constants.js';
import { detectFormat } from './detect-format.js';
import { tooManyColumns } from './columns.js';
import type { ReadOptions, RowSource } from './pipeline.js';
import { openCsv } from './read-csv.js';
import { openXls } from './read-xls.js';
import { openXlsx } from './read-xlsx.js';

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
    case 'xlsx':
      return openXlsx(filePath);
    case 'xls':
      return openXls(filePath);
    case 'csv':
      return openCsv(filePath, options);
  }
}
