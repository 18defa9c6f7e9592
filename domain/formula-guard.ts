/**
 * Formula-injection guard for every file rehber writes (a spreadsheet runs a cell that starts
 * like a formula), and its reverse for every file it reads, so a written file imports back unchanged. The rule is in
 * docs/csv-files.md.
 *
 * A spreadsheet program runs a cell as a formula when it starts with = + - @ (tab and CR too in
 * some; Apple Numbers reads the full-width ＝ ＋ － ＠ as them). A cell starts at the start of a value and, when the file is read with another separator
 * than the one it was written with (a `;` locale opening a comma file), after any `;`, tab or line
 * break inside it: quotes only protect a field that starts where the reader starts one (and quotes
 * right after such a separator open a field there that ends at the next quote). Each such start
 * that holds a trigger gets a `'` before it, which spreadsheets show and do not evaluate.
 * Apostrophes already there get one more, so reading one back off is exact.
 */

/** A value whose start a spreadsheet would evaluate (apostrophes before it are ours to escape). */
const LEADING = /^'*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
/** A start inside a value: after a separator some reading of the file would split at, and its quotes. */
const INNER = /[;\t\r\n]"*'*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;
const INNER_ALL = /([;\t\r\n]"*)('*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/g;
// Made only of digits, spaces and + - ( ) . , / : a phone number or a signed number. Such a value
// cannot name a function, a reference or a DDE target, so as a formula it is harmless arithmetic
// at worst; leaving it alone keeps '+90 212 555 12 34' and '-33.86' exactly as they are.
const INERT = /^[\d\s+\-().,/]*$/;

const APOSTROPHE = 39;
/** Characters a value may start with for LEADING to match: ' = + - @ tab CR and the full-width four. */
const LEAD_CHARS = new Set([APOSTROPHE, 61, 43, 45, 64, 9, 13, 0xff1d, 0xff0b, 0xff0d, 0xff20]);

/**
 * The start of the value only: enough for a cell with no `;`, tab or line break in it. A plain
 * number is left alone unless `strict`: the first cell of a CSV record, which a reading with
 * another separator runs on into the next cells (`-1,cmd|...` is no number).
 */
export function neutraliseStart(value: string, strict = false): string {
  if (!LEAD_CHARS.has(value.charCodeAt(0)) || !LEADING.test(value)) return value;
  return strict || value.charCodeAt(0) === APOSTROPHE || !INERT.test(value) ? `'${value}` : value;
}

/**
 * Every start a spreadsheet might see in `value`: its own and those after `;`, tab, CR or LF. An
 * inner start is guarded even before a plain number: the cell a reading starts there runs on past
 * the value's end.
 */
export function neutralise(value: string, strict = false): string {
  const start = neutraliseStart(value, strict);
  return INNER.test(start) ? start.replace(INNER_ALL, "$1'$2") : start;
}

const READ_LEADING = /^'+[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const READ_INNER = /([;\t\r\n]"*)'('*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/g;

/**
 * The value neutralise was given, from what it wrote (one apostrophe off each guarded start).
 * A cell a person wrote as `'=1` or `a;'=b` reads as `=1` or `a;=b` too: the same guard.
 */
export function unneutralise(text: string): string {
  if (text.indexOf("'") < 0) return text;
  let value = READ_LEADING.test(text) ? text.slice(1) : text;
  if (value.indexOf("'") >= 0) value = value.replace(READ_INNER, '$1$2');
  return value;
}
