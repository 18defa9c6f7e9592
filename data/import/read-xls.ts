/**
 * Legacy .xls (BIFF8) rows through SheetJS. The format caps a sheet at 65,536 rows and SheetJS
 * parses the whole file at once, so memory is bounded by the format, not by streaming; rows are
 * still handed out lazily so the loader sees the same RowSource as for CSV and XLSX.
 */
import { readFile, stat } from 'node:fs/promises';
import * as XLSX from '@e965/xlsx';
import { cellText } from './cell-text.js';
import { hasRequiredHeaders } from './columns.js';
import { EMPTY_FILE_MESSAGE } from './detect-format.js';
import { InputError } from '../../domain/errors.js';
import { MAX_XLS_BYTES } from '../../domain/constants.js';
import type { RowSource, SheetRow } from './pipeline.js';

type DenseRow = Array<XLSX.CellObject | undefined> | undefined;

function text(cell: XLSX.CellObject | undefined): string {
  if (!cell || cell.t === 'e' || cell.t === 'z') return '';
  return cellText(cell.v);
}

function rowCells(row: DenseRow, width: number): string[] {
  const cells = new Array<string>(width);
  for (let i = 0; i < width; i++) cells[i] = text(row?.[i]);
  return cells;
}

const isBlank = (cells: string[]) => cells.every((cell) => cell.trim() === '');

export async function openXls(filePath: string, maxBytes = MAX_XLS_BYTES): Promise<RowSource> {
  const { size } = await stat(filePath);
  if (size === 0) throw new InputError(EMPTY_FILE_MESSAGE, 400);
  // Read whole, outside the worker's heap limit: the size is the only bound on that memory.
  if (size > maxBytes) {
    throw new InputError(`A legacy .xls file is read whole, so it may be at most ${Math.round(maxBytes / (1024 * 1024))} MB; save it as XLSX or CSV`, 413);
  }
  let workbook: XLSX.WorkBook;
  try {
    // UTC: dates come back as the calendar day written in the sheet, whatever the server's zone.
    // XLSX.read on the bytes: the ESM build of SheetJS has no file system of its own (readFile
    // would need set_fs), and it parses the whole file at once either way.
    const bytes = await readFile(filePath);
    workbook = XLSX.read(bytes, { type: 'buffer', dense: true, cellDates: true, UTC: true, cellHTML: false, cellStyles: false });
  } catch {
    throw new InputError('The spreadsheet is damaged or cannot be read', 400);
  }

  let first: { headers: string[] } | null = null;
  for (const name of workbook.SheetNames) {
    const data = (workbook.Sheets[name]?.['!data'] ?? []) as DenseRow[];
    const headerIndex = data.findIndex((row) => !isBlank(rowCells(row, row?.length ?? 0)));
    if (headerIndex < 0) continue;
    const headerRow = data[headerIndex];
    const headers = rowCells(headerRow, headerRow?.length ?? 0);
    first ??= { headers };
    if (!hasRequiredHeaders(headers)) continue;

    async function* rows(): AsyncGenerator<SheetRow> {
      for (let i = headerIndex + 1; i < data.length; i++) {
        const cells = rowCells(data[i], headers.length);
        if (isBlank(cells)) continue;
        yield { rowNumber: i - headerIndex + 1, cells };
      }
    }
    return { format: 'xls', headers, rows: rows(), bytesTotal: size, bytesRead: () => size, close: async () => {} };
  }
  if (first === null) throw new InputError(EMPTY_FILE_MESSAGE, 400);
  // No sheet has the required columns: the caller's mapHeaders names what is missing.
  return { format: 'xls', headers: first.headers, rows: (async function* () {})(), bytesTotal: size, bytesRead: () => size, close: async () => {} };
}
