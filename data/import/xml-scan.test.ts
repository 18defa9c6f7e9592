import { describe, expect, it } from 'vitest';
import { sheetRows, type SheetContext } from './xlsx-xml.js';
import { AttributeScan, xmlText } from './xml-scan.js';

const CONTEXT: SheetContext = {
  sharedStrings: { size: 2, at: (index) => ['zero', 'one'][index] },
  styleOf: (index) => (index === 1 ? { numFmt: 'yyyy-mm-dd' } : undefined),
  date1904: false,
  limits: {
    maxText: 1024,
    maxStringsBytes: 1024 * 1024,
    tooManyStrings: () => new Error('too many strings'),
    tooLong: () => new Error('too long'),
    damaged: () => new Error('damaged'),
  },
};

/**
 * A sheet with something at every kind of place a chunk can end: attributes, entities, line ends,
 * letters of 2 to 4 bytes, comments, CDATA, a phonetic reading, and values as long as the short
 * search for the next tag (xml-scan.ts tagStart) and longer.
 */
const SHEET = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?>\n<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>' +
    '<x:row r="1" spans="1:4"><x:c r="A1" t="s"><x:v>1</x:v></x:c><x:c r = \'B1\'  t = "inlineStr"><x:is><x:r><x:t>Çınar &amp; 北京 😀</x:t></x:r><x:r><x:t xml:space="preserve"> line\r\ntwo</x:t></x:r></x:is></x:c>' +
    '<x:c r="D1" s="1"><x:v>45356</x:v></x:c></x:row>' +
    '<!-- a <comment> --><x:row><x:c t="str"><x:f>A1</x:f><x:v>&#x41;&#66;&unknown;&#xZZ;&lt;&gt;&quot;&apos;</x:v></x:c><x:c/><x:c t="b"><x:v>1</x:v></x:c></x:row>' +
    '<x:row r="5"><x:c r="C5" t="inlineStr"><x:is><x:t><![CDATA[<raw> & text]]></x:t><x:rPh sb="0" eb="1"><x:t>ヨミ</x:t></x:rPh></x:is></x:c>' +
    `<x:c t="str"><x:v>${'6'.repeat(64)}</x:v></x:c><x:c t="str"><x:v>${'long '.repeat(40)}</x:v></x:c></x:row>` +
    '</x:sheetData></x:worksheet>',
);

async function read(chunks: Buffer[]) {
  const rows: unknown[] = [];
  for await (const row of sheetRows((async function* () {
    yield* chunks;
  })(), CONTEXT)) rows.push(row);
  return rows;
}

describe('xml-scan: a worksheet read in place', () => {
  it('reads a sheet the same wherever its chunks end: in a tag, an attribute, an entity, a line end or a letter', async () => {
    const whole = await read([SHEET]);
    expect(whole).toEqual([
      { number: 1, values: [undefined, 'one', 'Çınar & 北京 😀 line\ntwo', undefined, new Date(Date.UTC(2024, 2, 5))] },
      { number: 2, values: [undefined, { formula: '', result: 'AB&unknown;&#xZZ;<>"\'' }, undefined, true] },
      { number: 5, values: [undefined, undefined, undefined, '<raw> & text', '6'.repeat(64), 'long '.repeat(40)] },
    ]);
    for (let at = 1; at < SHEET.length; at++) expect(await read([SHEET.subarray(0, at), SHEET.subarray(at)]), `split at byte ${at}`).toEqual(whole);
  });

  it('decodes text as the XML entity rule does, leaving what is not an entity as written', () => {
    // The rule, as a regular expression: the five named entities and character references up to U+10FFFF.
    const rule = (raw: string) =>
      raw.replace(/\r\n?/g, '\n').replace(/&(#x[0-9a-fA-F]+|#[0-9]+|lt|gt|amp|quot|apos);/g, (whole, name: string) => {
        if (name[0] !== '#') return { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }[name] as string;
        const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      });
    const texts = ['plain', 'a &amp; b', '&&amp;', '&amp', '&;', '&#;', '&#x;', '&#X41;', '&#x1F600;', '&#128512;', '&#x110000;', '&#1114112;', '&#x10FFFF;',
      '&AMP;', '&lt&gt;', '&ltx;', '&quot;&apos;&apo;', 'x&#65&#66;', 'a\r\nb\rc\n', '&#13;&#10;', '&#0;', '&#00000065;', '&#xd800;', 'tail &'];
    for (const text of texts) expect(xmlText(text), text).toBe(rule(text));
  });

  it('finds r, s and t among other attributes: prefixed, single-quoted, spaced around =, the first of each name', () => {
    const scan = new AttributeScan();
    const values = (tag: string) => {
      scan.read(tag, 2, tag.length - 1);
      const at = (start: number, end: number) => (start < 0 ? undefined : tag.slice(start, end));
      return [at(scan.rStart, scan.rEnd), at(scan.sStart, scan.sEnd), at(scan.tStart, scan.tEnd)];
    };
    expect(values('<c r="A1" s="3" t="s">')).toEqual(['A1', '3', 's']);
    expect(values("<c x:r='B2'\tt\n=\n'str' rr=\"no\" sr='no'>")).toEqual(['B2', undefined, 'str']);
    expect(values('<c foo="r=&quot;Z9&quot;" r="C3" r="D4"/>')).toEqual(['C3', undefined, undefined]);
    expect(values('<c s="">')).toEqual([undefined, '', undefined]);
    expect(values('<c/>')).toEqual([undefined, undefined, undefined]);
  });
});
