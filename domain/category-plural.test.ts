import { describe, expect, it } from 'vitest';
import { categoryPlural, englishPlural } from './category-plural.js';

describe("a category's plural", () => {
  const plurals = (pairs: Array<[string, string]>) => {
    for (const [name, plural] of pairs) expect(englishPlural(name), name).toBe(plural);
  };

  it('adds -s, -es after s, sh, ch, x and z, and -ies for a -y after a consonant', () => {
    plurals([
      ['Plumber', 'Plumbers'], ['Law Firm', 'Law Firms'], ['Car Wash', 'Car Washes'], ['Church', 'Churches'], ['Business', 'Businesses'],
      ['Tax', 'Taxes'], ['Bakery', 'Bakeries'], ['Real Estate Agency', 'Real Estate Agencies'], ['Attorney', 'Attorneys'],
      ['Yoga Studio', 'Yoga Studios'], ['Bed & Breakfast', 'Bed & Breakfasts'], ['take-away', 'take-aways'],
    ]);
  });

  it('knows a few irregular last words, a compound of man among them', () => {
    plurals([['Handyman', 'Handymen'], ['Delivery Person', 'Delivery People'], ['Man', 'Men'], ['German', 'Germans']]);
  });

  it('keeps a name already plural or uncountable', () => {
    for (const name of ['Restaurants', 'Bars and Pubs', 'Auto Repair', 'Pet Grooming', 'Electronics', 'Health & Beauty', 'Insurance', 'Photography', 'Gas']) {
      expect(englishPlural(name), name).toBe(name);
    }
  });

  it('keeps a name in another language, with non-ASCII letters or not a plain word, as it is', () => {
    for (const name of ['Café', 'Cafés', 'Kuaför', 'Çiçekçi', 'ATM', '24/7 Pharmacy', 'Dentist (Pediatric)', 'Pharmacy 2', 'Bed &']) {
      expect(englishPlural(name), name).toBe(name);
    }
  });

  it("takes the admin's plural when set, the rule's when empty or unset", () => {
    expect(categoryPlural({ name: 'Kuaför', pluralName: 'Kuaförler' })).toBe('Kuaförler');
    expect(categoryPlural({ name: 'Plumber', pluralName: '  ' })).toBe('Plumbers');
    expect(categoryPlural({ name: 'Plumber', pluralName: null })).toBe('Plumbers');
    expect(categoryPlural({ name: 'Plumber' })).toBe('Plumbers');
  });
});
