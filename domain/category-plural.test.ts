import { describe, expect, it } from 'vitest';
import { categoryPlural, englishPlural } from './category-plural.js';

describe("a category's plural", () => {
  it('adds -s, -es after s, sh, ch, x and z, and -ies for a -y after a consonant', () => {
    expect(englishPlural('Plumber')).toBe('Plumbers');
    expect(englishPlural('Law Firm')).toBe('Law Firms');
    expect(englishPlural('Car Wash')).toBe('Car Washes');
    expect(englishPlural('Church')).toBe('Churches');
    expect(englishPlural('Business')).toBe('Businesses');
    expect(englishPlural('Tax')).toBe('Taxes');
    expect(englishPlural('Bakery')).toBe('Bakeries');
    expect(englishPlural('Real Estate Agency')).toBe('Real Estate Agencies');
    expect(englishPlural('Attorney')).toBe('Attorneys');
    expect(englishPlural('Yoga Studio')).toBe('Yoga Studios');
    expect(englishPlural('Bed & Breakfast')).toBe('Bed & Breakfasts');
    expect(englishPlural('take-away')).toBe('take-aways');
  });

  it('knows a few irregular last words, a compound of man among them', () => {
    expect(englishPlural('Handyman')).toBe('Handymen');
    expect(englishPlural('Delivery Person')).toBe('Delivery People');
    expect(englishPlural('Man')).toBe('Men');
    expect(englishPlural('German')).toBe('Germans');
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
