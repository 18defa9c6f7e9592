import type { ExportFormat } from '@domain/constants';
import { query } from '@/lib/api';

export interface ExportParams {
  /** undefined: all countries. */
  country?: string;
  format: ExportFormat;
}

/** GET /api/admin/export: a download the browser opens in a new tab, not a fetch. */
export const exportUrl = ({ country, format }: ExportParams) => `/api/admin/export${query({ country, format })}`;

export const openExport = (params: ExportParams) => {
  window.open(exportUrl(params), '_blank', 'noopener');
};
