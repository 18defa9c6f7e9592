/**
 * A category named as a group of businesses: "Plumbers in Austin", not "Plumber in Austin".
 * Categories are named in the singular by imports ("Plumber", "Restaurant"); the admin may give a
 * category its plural (`pluralName`), and without one a small English rule makes it. Pure: the
 * server's heads, its render and the browser name a category the same way, so hydration agrees.
 * The choice and its limits: docs/public-site.md ("A category's plural").
 */

/** Words that name a trade or a kind of goods and take no plural ("Auto Repair in Austin"). */
const UNCOUNTABLE = new Set([
  'accommodation', 'advertising', 'beauty', 'care', 'carpentry', 'childcare', 'clothing', 'construction', 'dentistry', 'equipment', 'estate',
  'fitness', 'food', 'furniture', 'hardware', 'health', 'healthcare', 'hospitality', 'insurance', 'jewellery', 'jewelry', 'legal', 'lodging',
  'luggage', 'masonry', 'nightlife', 'photography', 'repair', 'seafood', 'security', 'software', 'storage', 'therapy', 'transport',
  'transportation', 'upholstery', 'wellness',
]);

/** Irregular plurals of a last word (and of compounds ending in one: "Handyman" → "Handymen"). */
const IRREGULAR: ReadonlyArray<[string, string]> = [
  ['person', 'people'],
  ['child', 'children'],
  ['man', 'men'],
];

/** Words ending in "man" that are no compound of it ("Germans", not "Germen"). */
const NOT_MAN = new Set(['caiman', 'german', 'human', 'ottoman', 'roman', 'shaman', 'talisman']);

/**
 * The plural the rule gives an English category name, or the name itself when the rule cannot
 * tell: a name of letters other than plain ASCII (another language: "Café", "Kuaför"), a last word
 * that is not a lowercase or capitalised word ("ATM", "24/7"), one that is already plural
 * ("Restaurants": an -s not after s, u or i) or uncountable (-ing, -ics, the words above). The
 * last word takes the plural: "Real Estate Agency" → "Real Estate Agencies".
 */
export function englishPlural(name: string): string {
  const text = name.trim();
  if (!/^[A-Za-z][A-Za-z &'-]*$/.test(text)) return text;
  const word = /([A-Za-z]+)$/.exec(text)?.[1] ?? '';
  if (!/^[A-Za-z][a-z]+$/.test(word)) return text;
  const stem = text.slice(0, text.length - word.length);
  const lower = word.toLowerCase();
  if (UNCOUNTABLE.has(lower) || /(ing|ics)$/.test(lower) || /[^sui]s$/.test(lower)) return text;
  for (const [one, many] of IRREGULAR) {
    if (lower.endsWith(one) && !NOT_MAN.has(lower)) return stem + word.slice(0, word.length - one.length) + (word.length === one.length ? word[0] + many.slice(1) : many);
  }
  if (/[^aeiou]y$/.test(lower)) return `${stem}${word.slice(0, -1)}ies`;
  if (/(s|sh|ch|x|z)$/.test(lower)) return `${stem}${word}es`;
  return `${stem}${word}s`;
}

/** A category as a group of businesses: its plural as the admin set it, else the rule's. */
export function categoryPlural(category: { name: string; pluralName?: string | null }): string {
  return category.pluralName?.trim() || englishPlural(category.name);
}
