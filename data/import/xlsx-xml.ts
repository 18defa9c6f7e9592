/**
 * The two XML parts of a workbook that hold its text, read straight from their bytes for
 * read-xlsx.ts in place of exceljs's parsers: a worksheet's rows (sheetRows) and the shared
 * strings (sharedStrings). The cell values are those exceljs gives; the styles, the 1904 date
 * system and the unzipping stay exceljs's WorkbookReader's. There is no XML parser's event per tag
 * nor a Row and Cell object per cell: exceljs's sheet parse and the garbage it made (collected by
 * the thread's own collector) were most of an XLSX import's reading thread.
 *
 * Where exceljs's reading loses or garbles what the file says, this one does not (each is tested
 * in xlsx-xml.test.ts):
 * - UTF-8 is decoded across chunks: exceljs decodes each 16 KB chunk on its own, so a letter of
 *   several bytes that straddles two chunks came out as two U+FFFD ('Chill��n': one row in
 *   100,000 of the bench's sheet, more in a sheet of Chinese or Turkish text).
 * - A shared string with a phonetic reading (<rPh>, Japanese furigana) is its text, not the
 *   reading (exceljs kept the last <t> it met).
 * - Text is decoded once: exceljs decoded an inline string's entities a second time ('&amp;lt;' in
 *   the XML, the text '&lt;' in the cell, became '<').
 * - An inline string of several runs is all its runs (exceljs kept the last), and the whitespace
 *   between tags of an indented sheet is not part of a cell.
 * - A row or cell without its `r` attribute follows the one before (exceljs failed the file), and
 *   element names may carry a namespace prefix (`x:c`, from .NET's Open XML SDK).
 * - A formula's cached result is shown as a plain cell of its type would be (a date, true/false),
 *   and a result of 0 is 0, not empty; a date written as ISO text (t="d") is that date.
 */

/** What exceljs's WorkbookReader knows when a worksheet's turn comes. */
export interface SheetContext {
  /** The shared strings (sharedStrings), or undefined when the workbook has none. */
  sharedStrings: StringTable | undefined;
  /** Style `index` of styles.xml's cellXfs, with its number format if it has one; undefined when there is no such style. */
  styleOf(index: number): { numFmt?: string } | undefined;
  date1904: boolean;
  /** Bounds: a cell's text, and markup left open (a tag, a comment), at most maxText characters. */
  limits: XmlLimits;
}

/** What an XLSX import says when its reading would pass the memory it may use (413). */
export const NEEDS_MORE_MEMORY_MESSAGE = 'The spreadsheet needs more memory to read than an import may use; save it as CSV or split it into smaller files';

/**
 * The shared strings' packed size (their UTF-8 and 4 bytes each) an import may hold. They live
 * outside the reading thread's heap limit, so this bound is theirs: 200,000 rows of two unique
 * texts take about 22 MB; a part of millions of empty strings, a few MB zipped, is refused
 * instead of taking gigabytes.
 */
export const MAX_SHARED_STRINGS_BYTES = 128 * 1024 * 1024;

/** How long a text or a piece of markup may run before the part is refused, and how it is refused. */
export interface XmlLimits {
  maxText: number;
  /** The shared strings' packed size allowed (MAX_SHARED_STRINGS_BYTES), and the refusal past it. */
  maxStringsBytes: number;
  tooManyStrings(): Error;
  /** A cell's text past maxText. */
  tooLong(): Error;
  /** Markup still open after maxText characters: made to make a reader hold or rescan it. */
  damaged(): Error;
}

/** A row as exceljs's Row gives it to read-xlsx.ts: its number and its values, 1-based and sparse. */
export interface SheetRowValues {
  number: number;
  values: unknown[];
}

/** exceljs's test of a date format (utils.isDateFmt): date letters outside quotes and brackets. */
export function isDateFormat(format: string | undefined): boolean {
  if (!format) return false;
  return /[ymdhMsb]+/.test(format.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

/** exceljs's utils.excelToDate. */
const excelToDate = (serial: number, date1904: boolean) => new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 24 * 3600 * 1000));

/**
 * A date cell of ISO 8601 text (t="d", as SheetJS writes dates): a time without a zone is the
 * sheet's own, read as UTC as the serial dates are. exceljs read its year as a serial number:
 * 2024-01-01 came out as 1905-07-16.
 */
const isoDate = (text: string) => new Date(/T[^Z+-]*$/.test(text) ? `${text}Z` : text);

const ENTITY = /&(#x[0-9a-fA-F]+|#[0-9]+|lt|gt|amp|quot|apos);/g;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** XML text as a parser gives it: line ends as \n, the five entities and character references decoded. */
function xmlText(raw: string): string {
  let text = raw.indexOf('\r') >= 0 ? raw.replace(/\r\n?/g, '\n') : raw;
  if (text.indexOf('&') >= 0) {
    text = text.replace(ENTITY, (whole, name: string) => {
      if (name.charCodeAt(0) !== 35 /* # */) return NAMED[name];
      const code = name.charCodeAt(1) === 120 /* x */ ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    });
  }
  return text;
}

/** 'BC12' → 55 (the column of a cell reference); 0 when it has none. */
function columnOf(ref: string): number {
  let col = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c >= 65 && c <= 90) col = col * 26 + (c - 64);
    else if (c >= 97 && c <= 122) col = col * 26 + (c - 96);
    else break;
  }
  return col;
}

/** The value of attribute `name` in a start tag's text, or undefined. */
function attribute(tag: string, name: string): string | undefined {
  let at = 0;
  for (;;) {
    at = tag.indexOf(name, at);
    if (at < 0) return undefined;
    const before = tag.charCodeAt(at - 1);
    let eq = at + name.length;
    while (tag.charCodeAt(eq) === 32) eq++;
    // A whole attribute name (after a space or a prefix's colon), followed by '='.
    if ((before === 32 || before === 9 || before === 10 || before === 13 || before === 58) && tag.charCodeAt(eq) === 61) {
      let open = eq + 1;
      while (tag.charCodeAt(open) === 32) open++;
      const quote = tag[open];
      if (quote !== '"' && quote !== "'") return undefined;
      const close = tag.indexOf(quote, open + 1);
      return close < 0 ? undefined : tag.slice(open + 1, close);
    }
    at += name.length;
  }
}

/** Whether char code `c` ends a tag's name: white space or '/'. */
const endsName = (c: number) => c === 32 || c === 47 || c === 9 || c === 10 || c === 13;

/** The name of the tag starting at `at` (after '<' or '</'), without a namespace prefix ('x:c' → 'c'). */
function localName(text: string, at: number, end: number): string {
  let start = at;
  let stop = at;
  for (; stop < end && !endsName(text.charCodeAt(stop)); stop++) if (text.charCodeAt(stop) === 58 /* : */) start = stop + 1;
  return text.slice(start, stop);
}

/** Where the tag opened at `lt` ends (its '>', outside quoted attribute values), or -1 if not yet read. */
function tagEnd(text: string, lt: number): number {
  let quote = 0;
  for (let i = lt + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (quote) {
      if (c === quote) quote = 0;
    } else if (c === 34 || c === 39) {
      quote = c;
    } else if (c === 62) {
      return i;
    }
  }
  return -1;
}

type Capture = 'v' | 't' | null;

/** The rows of one worksheet's XML, read from its chunks (Buffers of UTF-8, or strings). */
export async function* sheetRows(chunks: AsyncIterable<Buffer | string>, context: SheetContext): AsyncGenerator<SheetRowValues> {
  const decoder = new TextDecoder('utf-8');
  // Whether each style shows a date, worked out once (not per number cell); undefined when the
  // workbook has no such style (exceljs then ignores a cell's style index).
  const dateStyles = new Map<number, boolean | undefined>();
  const isDateStyle = (index: number) => {
    if (!dateStyles.has(index)) {
      const style = context.styleOf(index);
      dateStyles.set(index, style && isDateFormat(style.numFmt));
    }
    return dateStyles.get(index);
  };

  let inData = false;
  let row: SheetRowValues | null = null;
  let rowIsDate = false;
  let lastRow = 0;
  let lastCol = 0;
  // The cell being read: its column, style, type, and what its <v>, <is> runs and <f> held.
  let inCell = false;
  let col = 0;
  let style = 0;
  let type: string | undefined;
  let v: string | undefined;
  let formula = false;
  let capture: Capture = null;
  let captured = '';

  /**
   * The value of the cell's text by its type. A formula's cached result is read the same way, so it
   * shows as its cell does: exceljs read every result but a string as a number, never as a date
   * or a truth value, and dropped a result of 0 (a falsy test): a count that came to 0 was imported
   * as empty. Only a plain cell's text can be a shared string's index.
   */
  const valueOf = (text: string): unknown => {
    switch (type) {
      case 's':
        if (formula) break;
        return context.sharedStrings ? context.sharedStrings.at(parseInt(text, 10)) : { sharedString: parseInt(text, 10) };
      case 'inlineStr':
      case 'str':
        return text;
      case 'e':
        return { error: text };
      case 'b':
        return parseInt(text, 10) !== 0;
      case 'd':
        return isoDate(text);
    }
    // A number, as a date when its style (the cell's own, else its row's) shows one. exceljs: a
    // style index of 0 is none, and an index it lacks leaves the row's.
    const number = parseFloat(text);
    return ((style ? isDateStyle(style) : undefined) ?? rowIsDate) ? excelToDate(number, context.date1904) : number;
  };
  const closeCell = () => {
    if (!row) return;
    const value = formula ? { formula: '', result: v === undefined ? undefined : valueOf(v) } : v === undefined ? null : valueOf(v);
    if (value !== null && value !== undefined) row.values[col] = value;
  };

  const { maxText, tooLong, damaged } = context.limits;
  let text = '';
  // Markup from `lt` is not all read yet: it waits for the next chunk, unless it is already too long.
  const open = (lt: number) => {
    if (text.length - lt > maxText) throw damaged();
  };
  const take = (more: string) => {
    captured += more;
    if (captured.length > maxText) throw tooLong();
  };
  for await (const chunk of chunks) {
    text += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    const rows: SheetRowValues[] = [];
    let pos = 0;
    for (;;) {
      const lt = text.indexOf('<', pos);
      if (lt < 0) break;
      // Comments, CDATA and declarations end at their own markers, not at the first '>'.
      if (text.startsWith('<!--', lt)) {
        const end = text.indexOf('-->', lt + 4);
        if (end < 0) {
          open(lt);
          break;
        }
        pos = end + 3;
        continue;
      }
      if (text.startsWith('<![CDATA[', lt)) {
        const end = text.indexOf(']]>', lt + 9);
        if (end < 0) {
          open(lt);
          break;
        }
        if (capture) take(xmlText(text.slice(pos, lt)) + text.slice(lt + 9, end));
        pos = end + 3;
        continue;
      }
      const gt = tagEnd(text, lt);
      if (gt < 0) {
        open(lt);
        break;
      }
      if (capture && lt > pos) take(xmlText(text.slice(pos, lt)));
      pos = gt + 1;
      const closing = text.charCodeAt(lt + 1) === 47; /* / */
      const selfClosing = text.charCodeAt(gt - 1) === 47;
      const name = localName(text, closing ? lt + 2 : lt + 1, gt);
      if (closing) {
        if (name === capture) {
          if (capture === 'v') v = captured;
          else if (capture === 't') v = (v ?? '') + captured;
          capture = null;
        } else if (name === 'c') {
          if (inCell) closeCell();
          inCell = false;
        } else if (name === 'row') {
          if (row) rows.push(row);
          row = null;
        } else if (name === 'sheetData') {
          inData = false;
        }
        continue;
      }
      switch (name) {
        case 'sheetData':
          if (!selfClosing) inData = true;
          break;
        case 'row': {
          if (!inData) break;
          const tag = text.slice(lt, gt);
          const r = attribute(tag, 'r');
          lastRow = r === undefined ? lastRow + 1 : parseInt(r, 10);
          lastCol = 0;
          const s = attribute(tag, 's');
          rowIsDate = s ? isDateStyle(parseInt(s, 10)) === true : false;
          row = { number: lastRow, values: [] };
          if (selfClosing) {
            rows.push(row);
            row = null;
          }
          break;
        }
        case 'c': {
          if (!row) break;
          const tag = text.slice(lt, gt);
          const ref = attribute(tag, 'r');
          col = (ref === undefined ? 0 : columnOf(ref)) || lastCol + 1;
          lastCol = col;
          const s = attribute(tag, 's');
          style = s === undefined ? 0 : parseInt(s, 10) || 0;
          type = attribute(tag, 't');
          v = undefined;
          formula = false;
          inCell = true;
          if (selfClosing) {
            closeCell();
            inCell = false;
          }
          break;
        }
        case 'f':
          if (inCell) formula = true;
          break;
        case 'v':
        case 't':
          // A value, or an inline string's text or one run of it (<is><r><t>); a phonetic reading's
          // (<rPh>) is not read. An empty one is an empty text.
          if (!inCell) break;
          if (!selfClosing) {
            capture = name;
            captured = '';
          } else if (name === 'v') {
            v = '';
          } else {
            v ??= '';
          }
          break;
        case 'is':
          if (inCell) v ??= '';
          break;
        case 'rPh':
          // Skipped whole: its <t> is a reading aid, not the cell's text.
          if (!selfClosing) {
            const end = text.indexOf('</', pos);
            const close = end < 0 ? -1 : text.indexOf('rPh>', end);
            if (close < 0) {
              // Not all read yet: read it again with the next chunk.
              open(lt);
              pos = lt;
              break;
            }
            pos = close + 4;
          }
          break;
        default:
          break;
      }
      if (pos === lt) break;
    }
    // Text read but not yet closed stays in the capture; what follows the last whole tag waits.
    const lt = text.indexOf('<', pos);
    if (capture) {
      const upTo = lt < 0 ? text.length : lt;
      // An entity or a '\r\n' may straddle the chunk boundary: keep the tail from its '&' or '\r'.
      let keep = upTo;
      const amp = text.lastIndexOf('&', upTo - 1);
      if (amp >= pos && text.indexOf(';', amp) < 0) keep = amp;
      if (keep > pos && text.charCodeAt(keep - 1) === 13) keep--;
      if (keep > pos) take(xmlText(text.slice(pos, keep)));
      pos = keep;
    } else {
      pos = lt < 0 ? text.length : lt;
    }
    text = text.slice(pos);
    for (const r of rows) yield r;
  }
}

/** A workbook's shared strings, by index. */
export interface StringTable {
  readonly size: number;
  at(index: number): string | undefined;
}

/**
 * The strings packed as UTF-8 in one growing buffer, outside the JavaScript heap, each found by
 * where it ends. As an array of strings, Excel's 200,000 rows of two unique texts each (400,000
 * strings) passed the reader thread's 64 MB heap, exceljs's array too: such a workbook could not
 * be imported. Packed, they take their UTF-8 size (about 20 MB there) and a number each.
 */
class PackedStrings implements StringTable {
  private bytes = Buffer.allocUnsafe(64 * 1024);
  private used = 0;
  private ends = new Uint32Array(1024);
  size = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly tooMany: () => Error,
  ) {}

  push(text: string): void {
    const length = Buffer.byteLength(text);
    if (this.used + length + 4 * (this.size + 1) > this.maxBytes) throw this.tooMany();
    if (this.used + length > this.bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.used + length));
      this.bytes.copy(grown, 0, 0, this.used);
      this.bytes = grown;
    }
    this.used += this.bytes.write(text, this.used);
    if (this.size === this.ends.length) {
      const grown = new Uint32Array(this.ends.length * 2);
      grown.set(this.ends);
      this.ends = grown;
    }
    this.ends[this.size++] = this.used;
  }

  at(index: number): string | undefined {
    if (!(index >= 0 && index < this.size)) return undefined;
    return this.bytes.toString('utf8', index ? this.ends[index - 1] : 0, this.ends[index]);
  }
}

/** Every `<si>` of the shared-strings part, in order, as its text: its runs joined, phonetic readings left out. */
export async function sharedStrings(chunks: AsyncIterable<Buffer | string>, { maxText, damaged, maxStringsBytes, tooManyStrings }: XmlLimits): Promise<StringTable> {
  const decoder = new TextDecoder('utf-8');
  const strings = new PackedStrings(maxStringsBytes, tooManyStrings);
  let text = '';
  for await (const chunk of chunks) {
    text += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    let pos = 0;
    for (;;) {
      const open = nextTag(text, pos, 'si');
      if (!open) break;
      if (open.selfClosing) {
        strings.push('');
        pos = open.end;
        continue;
      }
      const close = nextClose(text, open.end, 'si');
      if (close < 0) break;
      strings.push(runsText(text.slice(open.end, close)));
      pos = text.indexOf('>', close) + 1;
    }
    // What waits for the next chunk is one string not yet closed (or a tag): bounded, not rescanned forever.
    if (text.length - pos > maxText) throw damaged();
    text = text.slice(pos);
  }
  return strings;
}

/** The next start tag named `name` (any prefix) at or after `from`: where it ends and whether it closes itself. */
function nextTag(text: string, from: number, name: string): { end: number; selfClosing: boolean } | null {
  for (let lt = text.indexOf('<', from); lt >= 0; lt = text.indexOf('<', lt + 1)) {
    const gt = tagEnd(text, lt);
    if (gt < 0) return null;
    if (localName(text, lt + 1, gt) === name) return { end: gt + 1, selfClosing: text.charCodeAt(gt - 1) === 47 };
  }
  return null;
}

/** Where the end tag of `name` (any prefix) after `from` begins, or -1 if not yet read. */
function nextClose(text: string, from: number, name: string): number {
  for (let lt = text.indexOf('</', from); lt >= 0; lt = text.indexOf('</', lt + 2)) {
    const gt = text.indexOf('>', lt);
    if (gt < 0) return -1;
    if (localName(text, lt + 2, gt) === name) return lt;
  }
  return -1;
}

const PHONETIC = /<(?:[\w.-]+:)?rPh\b[\s\S]*?<\/(?:[\w.-]+:)?rPh>/g;
const RUN_TEXT = /<(?:[\w.-]+:)?t(?:\s[^>]*)?(?:\/>|>([\s\S]*?)<\/(?:[\w.-]+:)?t>)/g;

/** The text of one `<si>`'s content: its `<t>` elements in order (the plain one, or each run's). */
function runsText(inner: string): string {
  const body = inner.indexOf('rPh') >= 0 ? inner.replace(PHONETIC, '') : inner;
  let out = '';
  for (const m of body.matchAll(RUN_TEXT)) if (m[1] !== undefined) out += xmlText(m[1]);
  return out;
}
