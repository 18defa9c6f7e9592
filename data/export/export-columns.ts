/**
 * What an export contains: the import columns, then the optional ones the
 * import also reads, then the public page URLs (which the import ignores as unknown columns).
 */
import { FIELDS } from '../../domain/business-columns.js';
import { slugifyText } from '../../domain/slug.js';
import type { ExportFormat } from '../../domain/constants.js';

export const EXPORT_COLUMNS = [...FIELDS, 'detail_url', 'city_url'] as const;

export type ExportColumn = (typeof EXPORT_COLUMNS)[number];
export type ExportRecord = Record<ExportColumn, string | number | null>;

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** `businesses-<country slug or all>-<YYYY-MM-DD>.<ext>`, the same from the browser and the CLI. */
export function exportFileName(country: string | undefined, format: ExportFormat, date = new Date()): string {
  const which = (country && slugifyText(country)) || 'all';
  return `businesses-${which}-${date.toISOString().slice(0, 10)}.${format}`;
}
