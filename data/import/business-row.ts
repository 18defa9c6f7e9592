/**
 * One sheet row → a validated BusinessInput, or 'Row N: reason'. The rules themselves are the
 * business's (data/business/business-rules.ts); this reads a row's cells through the file's
 * column map and numbers the reason with the row. Pure: no I/O.
 */
import { BusinessRuleError, businessFromFields, fieldMaxLength, fieldText, type BusinessRules, type FieldTexts } from '../business/business-rules.js';
import type { ColumnMap, Field } from './columns.js';
import type { RowOutcome, SheetRow } from './pipeline.js';

export function normaliseRow(columns: ColumnMap, row: SheetRow, rules: BusinessRules = {}): RowOutcome {
  if (row.error !== undefined) return { ok: false, error: row.error };
  try {
    return { ok: true, value: businessFromFields(rowTexts(columns, row), row.rowNumber, rules) };
  } catch (error) {
    if (error instanceof BusinessRuleError) return { ok: false, error: `Row ${row.rowNumber}: ${error.message}` };
    throw error;
  }
}

/** A file's columns as rowTexts reads them: worked out once per column map, not once per row. */
interface ColumnPlan {
  /** The fields the file has, each with its cell's index and its longest accepted text. */
  cells: { field: Field; index: number; max: number }[];
}

const plans = new WeakMap<ColumnMap, ColumnPlan>();

function planOf(columns: ColumnMap): ColumnPlan {
  let plan = plans.get(columns);
  if (plan === undefined) {
    plan = { cells: (Object.keys(columns) as Field[]).map((field) => ({ field, index: columns[field]!, max: fieldMaxLength(field) })) };
    plans.set(columns, plan);
  }
  return plan;
}

/** The row's text of every field the file has (null when empty). */
function rowTexts(columns: ColumnMap, row: SheetRow): FieldTexts {
  // Every length is checked here first: a 100,000-character cell is refused before any regex runs on it.
  const values: FieldTexts = {};
  for (const { field, index, max } of planOf(columns).cells) {
    const raw = row.cells[index];
    values[field] = raw === undefined || raw === null ? null : fieldText(raw, field, max);
  }
  return values;
}
