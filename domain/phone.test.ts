import { readFileSync } from 'node:fs';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';
import examples from 'libphonenumber-js/mobile/examples';
import { describe, expect, it } from 'vitest';
import { displayPhone, phoneAnswer, phoneAnswerOfLibrary, phoneForms } from './phone.js';

describe('phoneForms', () => {
  it.each([
    ['+90 216 555 12 12', null, '+902165551212'],
    ['0216 555 12 12', 'TR', '+902165551212'],
    ['(212) 555-0100', 'US', '+12125550100'],
    ['+44 20 7946 0958', null, '+442079460958'],
    ['030 901820', 'DE', '+4930901820'],
    ['01 42 68 53 00', 'FR', '+33142685300'],
    ['03-1234-5678', 'JP', '+81312345678'],
    ['(11) 3091-3000', 'BR', '+551130913000'],
    ['022 2282 1234', 'IN', '+912222821234'],
    ['04 123 4567', 'AE', '+97141234567'],
    ['91 123 45 67', 'ES', '+34911234567'],
    ['02 7200 0000', 'IT', '+390272000000'],
    ['(02) 9374 4000', 'AU', '+61293744000'],
    ['55 5128 0000', 'MX', '+525551280000'],
    ['02-2100-2114', 'KR', '+82221002114'],
    ['020 624 1111', 'NL', '+31206241111'],
    ['tel:+1-512-555-0100', null, '+15125550100'],
    ['0216 555 12 12', 'tr', '+902165551212'],
    ['Call us on 0216 555 12 12', 'TR', '+902165551212'],
    ['+44 20 7946 0958', 'TR', '+442079460958'],
  ])('reads %s (country %s) as %s', (raw, country, e164) => {
    expect(phoneForms(raw, country).e164).toBe(e164);
  });

  it('keeps an extension in the link form and in both display forms', () => {
    expect(phoneForms('(512) 555-0100 ext. 4', 'US')).toEqual({
      e164: '+15125550100;ext=4', national: '(512) 555-0100 ext. 4', international: '+1 512 555 0100 ext. 4', country: 'US',
    });
    expect(phoneForms('+1 212 555 0100 x12', null).e164).toBe('+12125550100;ext=12');
  });

  it('gives no forms to a number too short for its country or with no country to read it by', () => {
    // No area code: it dials only from inside one US area, so there is no E.164 to link to.
    expect(phoneForms('555-0100 ext. 4', 'US').e164).toBeNull();
    expect(phoneForms('0216 555 12 12', null).e164).toBeNull();
    expect(phoneForms('0216 555 12 12', 'Türkiye').e164).toBeNull();
  });

  it('gives no forms to text that cannot be a phone', () => {
    for (const raw of ['call us', '12', '', null, 'ask at the desk: 5']) expect(phoneForms(raw, 'US')).toEqual({ e164: null, national: null, international: null, country: null });
  });

  it('shows a number nationally in its own country and internationally elsewhere', () => {
    expect(displayPhone('+90 216 555 12 12', 'TR')).toBe('(0216) 555 12 12');
    expect(displayPhone('+90 216 555 12 12', 'US')).toBe('+90 216 555 12 12');
    expect(displayPhone('call us', 'TR')).toBe('call us');
    expect(displayPhone('0216 555 12 12', 'tr')).toBe('(0216) 555 12 12');
  });

  it('shows a number nationally wherever its calling code is the country\'s own', () => {
    // 06 698 is the Vatican's range inside +39: Italians still dial it nationally.
    expect(phoneForms('06 6982 0000', 'IT').country).toBe('VA');
    expect(displayPhone('06 6982 0000', 'IT')).toBe('06 6982 0000');
    expect(displayPhone('+1 416 555 0100', 'US')).toBe('(416) 555-0100');
  });

  it('answers a view with the E.164 form and the one form it shows', () => {
    expect(phoneAnswer('+90 216 555 12 12', 'TR')).toEqual({ e164: '+902165551212', display: '(0216) 555 12 12' });
    expect(phoneAnswer('+90 216 555 12 12', 'US')).toEqual({ e164: '+902165551212', display: '+90 216 555 12 12' });
    expect(phoneAnswer('(512) 555-0100 ext. 4', 'US')).toEqual({ e164: '+15125550100;ext=4', display: '(512) 555-0100 ext. 4' });
    expect(phoneAnswer('+1 555 0937472', 'CA')).toEqual({ e164: '+15550937472', display: '(555) 093-7472' });
    expect(phoneAnswer('+1 555 0937472', 'FR')).toEqual({ e164: '+15550937472', display: '+1 555 093 7472' });
    expect(phoneAnswer('call us', 'TR')).toEqual({ e164: null, display: 'call us' });
  });

  it('gives a number asked again under the same country the answer kept for it, and reads it again under another', () => {
    const first = phoneAnswer('+90 216 555 77 01', 'TR');
    expect(phoneAnswer('+90 216 555 77 01', 'TR')).toBe(first);
    expect(phoneAnswer('+90 216 555 77 01', 'US')).toEqual({ e164: '+902165557701', display: '+90 216 555 77 01' });
    expect(phoneAnswer('+90 216 555 77 01', 'TR')).toEqual({ e164: '+902165557701', display: '(0216) 555 77 01' });
  });
});

describe('phoneAnswer without the country search', () => {
  const countries = getCountries();
  const nanp = countries.filter((c) => getCountryCallingCode(c) === '1');
  // Defaults that select each path: main countries of shared codes, the others, lone codes, none, junk.
  const defaults = [null, 'US', 'us', ' CA ', 'AG', 'PR', 'GB', 'GG', 'JE', 'IT', 'VA', 'RU', 'KZ', 'FI', 'AX', 'FR', 'GP', 'TR', 'DE', 'Türkiye', 'XX'];

  /** Every mismatch between the shortcut and the library over `cases` (an empty list when they agree). */
  const mismatches = (cases: [string, string | null][]) =>
    cases.flatMap(([raw, country]) => {
      const fast = phoneAnswer(raw, country);
      const library = phoneAnswerOfLibrary(raw, country);
      return fast.e164 === library.e164 && fast.display === library.display ? [] : [{ raw, country, fast, library }];
    });

  it('answers like the library for a number of every country, written every way, under many default countries', () => {
    const cases: [string, string | null][] = [];
    for (const [country, n] of Object.entries(examples)) {
      const code = getCountryCallingCode(country as Parameters<typeof getCountryCallingCode>[0]);
      const ways = [n, `0${n}`, `+${code} ${n}`, `+${code}${n} ext. 12`, `(${n.slice(0, 3)}) ${n.slice(3)}`, `00${code}${n}`, n.slice(0, -1), `${n}9`, `${code}${n}`];
      for (const raw of ways) for (const d of [country, country.toLowerCase(), ...defaults]) cases.push([raw, d]);
    }
    expect(cases.length).toBeGreaterThan(50_000);
    expect(mismatches(cases)).toEqual([]);
  });

  it('answers like the library for the bench\'s +1 555 numbers and the NANP countries\' own', () => {
    const cases: [string, string | null][] = [];
    for (let i = 0; i < 400; i++) {
      const n = String((i * 7_919_113) % 10_000_000).padStart(7, '0');
      for (const d of [...nanp, 'FR', 'TR', null]) cases.push([`+1 555 ${n}`, d], [`555 ${n}`, d]);
    }
    for (const country of nanp) {
      const n = (examples as Record<string, string>)[country];
      for (const d of [...nanp, null]) cases.push([`+1 ${n}`, d], [n, d], [`1 ${n}`, d], [n.slice(3), d]);
    }
    expect(mismatches(cases)).toEqual([]);
  });

  it('answers like the library for the sample\'s numbers', () => {
    const csv = readFileSync(new URL('../data/samples/businesses.csv', import.meta.url), 'utf8');
    const numbers = [...new Set(csv.match(/\+\d[\d ()-]{6,}\d/g))];
    expect(numbers.length).toBeGreaterThan(100);
    const cases: [string, string | null][] = numbers.flatMap((raw) => ['TR', 'FR', 'DE', 'GB', 'US', null].map((d): [string, string | null] => [raw, d]));
    expect(mismatches(cases)).toEqual([]);
  });

  it('answers like the library for random digits, extensions and text that is no phone', () => {
    let seed = 14;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const all = [...countries, null, 'xx', ' tr '];
    const cases: [string, string | null][] = [];
    for (let i = 0; i < 20_000; i++) {
      let digits = '';
      for (let k = 3 + next(14); k > 0; k--) digits += String(next(10));
      const sep = [' ', '-', '', '.'][next(4)];
      const text = `${['+', '', '00', '0', '(0'][next(5)]}${digits.slice(0, 3)}${sep}${digits.slice(3, 6)}${sep}${digits.slice(6)}${['', ' ext. 7', ' x123', ';ext=5', ' / 2'][next(5)]}`;
      cases.push([text, all[next(all.length)]]);
    }
    for (const raw of ['call us', '', '   ', 'tel:+1-512-555-0100', 'ext. 4', '+', '++1 555 0100', '1-800-FLOWERS', '+1 (800) 356-9377', 'x12', '12', 'ask at the desk: 5', '+90 216 555 12 12 / +90 212 555 00 00', 'TEL:+44 20 7946 0958', '+999 123 4567', '+0 555 0100', '+1 555 0000123456789', '+abc 555 0100', '+ 1 555 0100', '+(1) 555 0100', '+1-268-464-1234', ' tel:+1 555 0100', 'tel: +1 555 0100', '＋1 555 0100', '+441481 256789'])
      for (const d of defaults) cases.push([raw, d]);
    expect(mismatches(cases)).toEqual([]);
  });
});
