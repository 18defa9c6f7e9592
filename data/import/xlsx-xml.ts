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

import { AttributeScan, cellTypeAt, columnAt, Element, elementAt, integerAt, localName, tagEnd, tagStart, xmlText } from './xml-scan.js';

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


/** The rows of one worksheet's XML, read from its chunks (Buffers of UTF-8, or strings). */
export async function* sheetRows(chunks: AsyncIterable<Buffer | string>, context: SheetContext): AsyncGenerator<SheetRowValues> {
  const decoder = new TextDecoder('utf-8');
  const scan = new AttributeScan();
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
  // The element whose text is being read: Element.V, Element.T, or none (Element.OTHER).
  let capture: Element = Element.OTHER;
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
      const lt = tagStart(text, pos);
      if (lt < 0) break;
      // Comments, CDATA and declarations end at their own markers, not at the first '>'.
      const bang = text.charCodeAt(lt + 1) === 33; /* ! */
      if (bang && text.startsWith('<!--', lt)) {
        const end = text.indexOf('-->', lt + 4);
        if (end < 0) {
          open(lt);
          break;
        }
        pos = end + 3;
        continue;
      }
      if (bang && text.startsWith('<![CDATA[', lt)) {
        const end = text.indexOf(']]>', lt + 9);
        if (end < 0) {
          open(lt);
          break;
        }
        if (capture !== Element.OTHER) take(xmlText(text.slice(pos, lt)) + text.slice(lt + 9, end));
        pos = end + 3;
        continue;
      }
      const gt = tagEnd(text, lt);
      if (gt < 0) {
        open(lt);
        break;
      }
      if (capture !== Element.OTHER && lt > pos) take(xmlText(text.slice(pos, lt)));
      pos = gt + 1;
      const closing = text.charCodeAt(lt + 1) === 47; /* / */
      const selfClosing = text.charCodeAt(gt - 1) === 47;
      const element = elementAt(text, closing ? lt + 2 : lt + 1, gt, scan);
      if (closing) {
        if (capture !== Element.OTHER && element === capture) {
          if (capture === Element.V) v = captured;
          else v = (v ?? '') + captured;
          capture = Element.OTHER;
        } else if (element === Element.C) {
          if (inCell) closeCell();
          inCell = false;
        } else if (element === Element.ROW) {
          if (row) rows.push(row);
          row = null;
        } else if (element === Element.SHEET_DATA) {
          inData = false;
        }
        continue;
      }
      switch (element) {
        case Element.SHEET_DATA:
          if (!selfClosing) inData = true;
          break;
        case Element.ROW: {
          if (!inData) break;
          scan.read(text, scan.nameEnd, gt);
          lastRow = scan.rStart < 0 ? lastRow + 1 : integerAt(text, scan.rStart, scan.rEnd);
          lastCol = 0;
          rowIsDate = scan.sEnd > scan.sStart ? isDateStyle(integerAt(text, scan.sStart, scan.sEnd)) === true : false;
          row = { number: lastRow, values: [] };
          if (selfClosing) {
            rows.push(row);
            row = null;
          }
          break;
        }
        case Element.C: {
          if (!row) break;
          scan.read(text, scan.nameEnd, gt);
          col = (scan.rStart < 0 ? 0 : columnAt(text, scan.rStart, scan.rEnd)) || lastCol + 1;
          lastCol = col;
          style = scan.sStart < 0 ? 0 : integerAt(text, scan.sStart, scan.sEnd) || 0;
          type = scan.tStart < 0 ? undefined : cellTypeAt(text, scan.tStart, scan.tEnd);
          v = undefined;
          formula = false;
          inCell = true;
          if (selfClosing) {
            closeCell();
            inCell = false;
          }
          break;
        }
        case Element.F:
          if (inCell) formula = true;
          break;
        case Element.V:
        case Element.T:
          // A value, or an inline string's text or one run of it (<is><r><t>); a phonetic reading's
          // (<rPh>) is not read. An empty one is an empty text.
          if (!inCell) break;
          if (!selfClosing) {
            capture = element;
            captured = '';
          } else if (element === Element.V) {
            v = '';
          } else {
            v ??= '';
          }
          break;
        case Element.IS:
          if (inCell) v ??= '';
          break;
        case Element.R_PH:
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
    if (capture !== Element.OTHER) {
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
