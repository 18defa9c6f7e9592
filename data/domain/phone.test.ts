import { describe, expect, it } from 'vitest';
import { displayPhone, phoneForms } from './phone.js';

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
    ['tel:+1-512-555-0100', null, '+15125550100'],
  ])('reads %s (country %s) as %s', (raw, country, e164) => {
    expect(phoneForms(raw, country).e164).toBe(e164);
  });

  it('keeps an extension in the link form', () => {
    expect(phoneForms('(512) 555-0100 ext. 4', 'US').e164).toBe('+15125550100;ext=4');
  });

  it('gives no forms to text that cannot be a phone', () => {
    for (const raw of ['call us', '12', '', null, 'ask at the desk: 5']) expect(phoneForms(raw, 'US')).toEqual({ e164: null, national: null, international: null, country: null });
  });

  it('shows a number nationally in its own country and internationally elsewhere', () => {
    expect(displayPhone('+90 216 555 12 12', 'TR')).toBe('(0216) 555 12 12');
    expect(displayPhone('+90 216 555 12 12', 'US')).toBe('+90 216 555 12 12');
    expect(displayPhone('call us', 'TR')).toBe('call us');
  });
});
