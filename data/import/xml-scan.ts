/**
 * The character-level pieces of xlsx-xml.ts's reading of a part's XML: a tag's end, its element
 * and attributes, and text as a parser gives it. A worksheet is millions of tags (four a cell), so
 * these work on the part's text in place, by char codes and positions: no slice of a tag, a name
 * or an attribute value is made unless it becomes a cell's value.
 */

/** Whether char code `c` is XML white space. */
const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

/** Whether char code `c` ends a tag's name: white space or '/'. */
const endsName = (c: number) => c === 47 || isSpace(c);

/** The name of the tag starting at `at` (after '<' or '</'), without a namespace prefix ('x:c' → 'c'). */
export function localName(text: string, at: number, end: number): string {
  let start = at;
  let stop = at;
  for (; stop < end && !endsName(text.charCodeAt(stop)); stop++) if (text.charCodeAt(stop) === 58 /* : */) start = stop + 1;
  return text.slice(start, stop);
}

/** Where the tag opened at `lt` ends (its '>', outside quoted attribute values), or -1 if not yet read. */
export function tagEnd(text: string, lt: number): number {
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

/** The elements of a worksheet that its reading tells apart; every other one is OTHER. */
export const Element = { OTHER: 0, C: 1, V: 2, T: 3, F: 4, IS: 5, ROW: 6, R_PH: 7, SHEET_DATA: 8 } as const;
export type Element = (typeof Element)[keyof typeof Element];

/**
 * The element of the tag whose name starts at `at` (after '<' or '</'), its namespace prefix left
 * out, as localName would name it; its name ends at `scan.nameEnd`.
 */
export function elementAt(text: string, at: number, end: number, scan: AttributeScan): Element {
  let start = at;
  let stop = at;
  for (; stop < end; stop++) {
    const c = text.charCodeAt(stop);
    if (endsName(c)) break;
    if (c === 58 /* : */) start = stop + 1;
  }
  scan.nameEnd = stop;
  const first = text.charCodeAt(start);
  switch (stop - start) {
    case 1:
      return first === 99 ? Element.C : first === 118 ? Element.V : first === 116 ? Element.T : first === 102 ? Element.F : Element.OTHER;
    case 2:
      return first === 105 && text.charCodeAt(start + 1) === 115 ? Element.IS : Element.OTHER;
    case 3:
      return text.startsWith('row', start) ? Element.ROW : text.startsWith('rPh', start) ? Element.R_PH : Element.OTHER;
    case 9:
      return text.startsWith('sheetData', start) ? Element.SHEET_DATA : Element.OTHER;
  }
  return Element.OTHER;
}

/**
 * Where a start tag's `r`, `s` and `t` attributes' values start and end (-1 when the tag has none),
 * the first of each name, a namespace prefix left out; one object reused for every tag.
 */
export class AttributeScan {
  nameEnd = 0;
  rStart = -1;
  rEnd = -1;
  sStart = -1;
  sEnd = -1;
  tStart = -1;
  tEnd = -1;

  /** Reads the attributes between `from` (the end of the element's name) and the tag's '>' at `gt`. */
  read(text: string, from: number, gt: number): void {
    this.rStart = this.rEnd = this.sStart = this.sEnd = this.tStart = this.tEnd = -1;
    let i = from;
    while (i < gt) {
      while (i < gt && isSpace(text.charCodeAt(i))) i++;
      const token = i;
      let nameStart = i;
      for (; i < gt; i++) {
        const c = text.charCodeAt(i);
        if (c === 61 /* = */ || c === 47 /* / */ || isSpace(c)) break;
        if (c === 58 /* : */) nameStart = i + 1;
      }
      const nameEnd = i;
      while (i < gt && isSpace(text.charCodeAt(i))) i++;
      if (text.charCodeAt(i) !== 61) {
        // Not an attribute (the '/' of a self-closing tag, or a stray word): step over it.
        if (i === token) i++;
        continue;
      }
      i++;
      while (i < gt && isSpace(text.charCodeAt(i))) i++;
      const quote = text.charCodeAt(i);
      if (quote !== 34 && quote !== 39) return;
      let close = i + 1;
      while (close < gt && text.charCodeAt(close) !== quote) close++;
      if (close >= gt) return;
      if (nameEnd - nameStart === 1) {
        const name = text.charCodeAt(nameStart);
        if (name === 114 /* r */ && this.rStart < 0) {
          this.rStart = i + 1;
          this.rEnd = close;
        } else if (name === 115 /* s */ && this.sStart < 0) {
          this.sStart = i + 1;
          this.sEnd = close;
        } else if (name === 116 /* t */ && this.tStart < 0) {
          this.tStart = i + 1;
          this.tEnd = close;
        }
      }
      i = close + 1;
    }
  }
}

/** parseInt(text.slice(start, end), 10), without the slice when the text is only digits. */
export function integerAt(text: string, start: number, end: number): number {
  if (end > start && end - start <= 15) {
    let value = 0;
    let i = start;
    for (; i < end; i++) {
      const c = text.charCodeAt(i) - 48;
      if (c < 0 || c > 9) break;
      value = value * 10 + c;
    }
    if (i === end) return value;
  }
  return parseInt(text.slice(start, end), 10);
}

/** The column of the cell reference from `start` to `end` ('BC12' → 55); 0 when it has none. */
export function columnAt(text: string, start: number, end: number): number {
  let col = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c >= 65 && c <= 90) col = col * 26 + (c - 64);
    else if (c >= 97 && c <= 122) col = col * 26 + (c - 96);
    else break;
  }
  return col;
}

/** A cell's type attribute from `start` to `end`: the same string for the same type, made once. */
export function cellTypeAt(text: string, start: number, end: number): string {
  switch (end - start) {
    case 1:
      switch (text.charCodeAt(start)) {
        case 115:
          return 's';
        case 110:
          return 'n';
        case 98:
          return 'b';
        case 101:
          return 'e';
        case 100:
          return 'd';
      }
      break;
    case 3:
      if (text.startsWith('str', start)) return 'str';
      break;
    case 9:
      if (text.startsWith('inlineStr', start)) return 'inlineStr';
      break;
  }
  return text.slice(start, end);
}

/**
 * The text an entity or character reference between '&' (at `start` - 1) and ';' (at `end`)
 * stands for: &lt; &gt; &amp; &quot; &apos;, &#N; and &#xH; up to U+10FFFF; undefined for any
 * other, which stays as written.
 */
function entityAt(text: string, start: number, end: number): string | undefined {
  if (text.charCodeAt(start) !== 35 /* # */) {
    switch (end - start) {
      case 2:
        if (text.charCodeAt(start + 1) !== 116 /* t */) return undefined;
        return text.charCodeAt(start) === 108 /* l */ ? '<' : text.charCodeAt(start) === 103 /* g */ ? '>' : undefined;
      case 3:
        return text.startsWith('amp', start) ? '&' : undefined;
      case 4:
        return text.startsWith('quot', start) ? '"' : text.startsWith('apos', start) ? "'" : undefined;
    }
    return undefined;
  }
  const hex = text.charCodeAt(start + 1) === 120; /* x */
  const digits = hex ? start + 2 : start + 1;
  if (digits === end) return undefined;
  for (let i = digits; i < end; i++) {
    const c = text.charCodeAt(i);
    const ok = (c >= 48 && c <= 57) || (hex && ((c >= 65 && c <= 70) || (c >= 97 && c <= 102)));
    if (!ok) return undefined;
  }
  const code = parseInt(text.slice(digits, end), hex ? 16 : 10);
  return code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
}

/**
 * Where the next '<' at or after `from` is, or -1. Between a worksheet's tags there is nothing or a
 * short value, where a loop over the characters finds it sooner than indexOf's call does; a long
 * text is left to indexOf.
 */
export function tagStart(text: string, from: number): number {
  const near = Math.min(text.length, from + 64);
  for (let i = from; i < near; i++) if (text.charCodeAt(i) === 60) return i;
  return near === text.length ? -1 : text.indexOf('<', near);
}

/** XML text as a parser gives it: line ends as \n, the five entities and character references decoded. */
export function xmlText(raw: string): string {
  const text = raw.indexOf('\r') >= 0 ? raw.replace(/\r\n?/g, '\n') : raw;
  let amp = text.indexOf('&');
  if (amp < 0) return text;
  let out = '';
  let from = 0;
  while (amp >= 0) {
    const semi = text.indexOf(';', amp + 1);
    if (semi < 0) break;
    const decoded = entityAt(text, amp + 1, semi);
    if (decoded === undefined) {
      amp = text.indexOf('&', amp + 1);
    } else {
      out += text.slice(from, amp) + decoded;
      from = semi + 1;
      amp = text.indexOf('&', from);
    }
  }
  return from === 0 ? text : out + text.slice(from);
}
