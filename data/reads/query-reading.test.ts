import { describe, expect, it } from 'vitest';
import { allOf, readBox, readQuery, respelt, words, wordsSomeListingHolds } from './query-reading.js';

const splits = (q: string) => readBox(readQuery(q, '').words).splits.map((s) => [s.what.join(' '), s.place.words.join(' ')]);

describe('readQuery', () => {
  it('reads the words as typed, at most eight, without a near-me ending', () => {
    expect(readQuery('Plumber, near me', '').words).toEqual(['Plumber']);
    expect(readQuery('cafe nearby', '').words).toEqual(['cafe']);
    expect(readQuery('near me', '').words).toEqual(['near', 'me']);
    expect(words('a b c d e f g h i j')).toHaveLength(8);
  });

  it('reads a location ending in a country by any of its names as the name the directory stores', () => {
    const q = readQuery('bakery', 'istanbul turkey');
    expect(q.place).toEqual({ words: ['istanbul', 'Türkiye'], country: 'Türkiye', named: ['istanbul'] });
    expect(q.reading).toEqual({ what: "'bakery'", words: 'bakery', where: "'istanbul':C & 'Türkiye':C" });
    expect(q.placeInWords).toBe(false);
    expect(readQuery('', 'Deutschland').place.words).toEqual(['Germany']);
    // An ISO code is not a country here: 'CA' is California as often as Canada.
    expect(readQuery('', 'CA').place).toEqual({ words: ['CA'], country: null, named: ['CA'] });
  });

  it('splits one box around its last connector first, then more place words before fewer, at the end then the start', () => {
    expect(splits('pizza in new york')).toEqual([
      ['pizza', 'new york'],
      ['pizza', 'in new york'],
      ['york', 'pizza in new'],
      ['pizza in', 'new york'],
      ['new york', 'pizza in'],
      ['pizza in new', 'york'],
      ['in new york', 'pizza'],
    ]);
    expect(splits('dentist new york')?.[0]).toEqual(['dentist', 'new york']);
  });

  it('reads no split out of one word, nor with a location', () => {
    expect(readBox(['locksmith']).splits).toEqual([]);
    expect(readQuery('locksmith montreal', '').placeInWords).toBe(true);
    expect(readQuery('locksmith montreal', 'Berlin').placeInWords).toBe(false);
    expect(readQuery('', '').placeInWords).toBe(false);
  });

  it('reads a country at the end of one box as stored, and tells a place of digits', () => {
    const box = readBox(['cafe', 'istanbul', 'turkey']);
    expect(box.splits[0]).toMatchObject({ what: ['cafe'], place: { words: ['istanbul', 'Türkiye'], country: 'Türkiye', named: ['istanbul'] } });
    expect(box.asName).toBe("'cafe':A & 'istanbul':A & 'turkey':A");
    expect(readBox(['plumber', '12345']).splits.map((s) => s.digitsOnly)).toEqual([true, false]);
  });
});

describe('respelling and the words listings hold', () => {
  it('respells the words the vocabulary lacks, never a connector, and says when nothing changed', () => {
    expect(respelt(['plumbr', 'in', 'berlin'], ['plumber', 'inn', null])).toEqual(['plumber', 'in', 'berlin']);
    expect(respelt(['plumber'], [null])).toBeNull();
  });

  it('leaves out the words no listing holds', () => {
    expect(wordsSomeListingHolds(['best', 'pizza', 'berlin'], [true, false, undefined])).toEqual(['pizza', 'berlin']);
  });

  it('quotes each word so none is read as an operator, with weights and a prefix on the last', () => {
    expect(allOf(["o'neil", 'plumb'], { prefix: true })).toBe("'o''neil' & 'plumb':*");
    expect(allOf(['a', 'b'], { weights: 'C' })).toBe("'a':C & 'b':C");
  });
});
