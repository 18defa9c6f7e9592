/**
 * A spreadsheet cell's value as the text a CSV of the same sheet would hold, shared by the XLSX
 * and XLS readers so both formats give the loader identical strings.
 */

/** Plain decimal, never an exponent: 1e21 → '1000000000000000000000', 1e-7 → '0.0000001'. */
export function numberText(value: number): string {
  if (!Number.isFinite(value)) return '';
  const text = String(value);
  if (!text.includes('e')) return text;
  return value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
}

/** A date alone when there is no time of day, else the full ISO date-time (no zone: Excel has none). */
export function dateText(value: Date): string {
  if (Number.isNaN(value.getTime())) return '';
  const iso = value.toISOString();
  if (iso.endsWith('T00:00:00.000Z')) return iso.slice(0, 10);
  return iso.replace(/\.000Z$|Z$/, '');
}

/**
 * exceljs values: string | number | boolean | Date | {formula, result} | {sharedFormula, result}
 * | {richText: [{text}]} | {text, hyperlink} | {error}; SheetJS values are the plain kinds.
 */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return dateText(value);
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if ('error' in record) return '';
    if ('formula' in record || 'sharedFormula' in record) return cellText(record.result);
    if (Array.isArray(record.richText)) return record.richText.map((run: { text?: unknown }) => cellText(run.text)).join('');
    // A hyperlink cell: its text, itself maybe rich text.
    if ('text' in record) return cellText(record.text);
    if ('result' in record) return cellText(record.result);
  }
  return '';
}
