import { describe, expect, it } from 'vitest';
import { businessSlug, foldToAscii, slugifyText } from './slug.js';

describe('the slug rule', () => {
  it('folds Turkish letters to ASCII', () => {
    expect(slugifyText('Şişli Çiçekçi')).toBe('sisli-cicekci');
    expect(slugifyText('İSTANBUL Ağaç Işık Öğretmen Üsküdar')).toBe('istanbul-agac-isik-ogretmen-uskudar');
    expect(foldToAscii('ğüşöçıİĞÜŞÖÇ')).toBe('gusocıiGUSOC'.replace('ı', 'i'));
  });

  it('folds other accented letters and ligatures', () => {
    expect(slugifyText('Café Zoë & Straße')).toBe('cafe-zoe-strasse');
    expect(slugifyText('Smørrebrød Łódź')).toBe('smorrebrod-lodz');
  });

  it('leaves ASCII text as it is, and folds text with one letter beyond ASCII whole', () => {
    expect(foldToAscii("Joe's Pizza 24/7 ~ {x}")).toBe("Joe's Pizza 24/7 ~ {x}");
    expect(foldToAscii('Joe’s Café')).toBe('Joe’s Cafe');
    expect(foldToAscii('e\u0301')).toBe('e');
  });

  it('turns runs of other characters into one hyphen and trims the ends', () => {
    expect(slugifyText('  --Joe\'s  Pizza!!  (NYC)-- ')).toBe('joe-s-pizza-nyc');
  });

  it('falls back to "business" when nothing is left', () => {
    expect(businessSlug('東京 ラーメン')).toBe('business');
    expect(businessSlug('!!!', 'ChIJabc123')).toBe('business-chijabc');
  });

  it('adds a hyphen and the first 7 characters of the place id', () => {
    expect(businessSlug('Joe Pizza', 'ChIJN1t_tDeuEmsRUsoyG83frY4')).toBe('joe-pizza-chijn1t');
    expect(businessSlug('Joe Pizza', null)).toBe('joe-pizza');
    expect(businessSlug('Joe Pizza', '')).toBe('joe-pizza');
  });
});

describe('ASCII text', () => {
  it('is its own NFKC and NFD form, so folding skips normalising it', () => {
    const all = Array.from({ length: 128 }, (_, c) => String.fromCharCode(c)).join('');
    const samples = [all, 'Portland', '433 Main St, Portland, OR 11332, United States', 'A\u0041 ~`^ fi ff 1/2'];
    let seed = 3;
    for (let i = 0; i < 500; i++) {
      let s = '';
      for (let k = 0; k < 12; k++) s += all[(seed = (seed * 48271) % 2147483647) % 128];
      samples.push(s);
    }
    for (const s of samples) {
      expect(s.normalize('NFKC')).toBe(s);
      expect(s.normalize('NFD')).toBe(s);
      expect(foldToAscii(s)).toBe(s);
    }
  });
});
