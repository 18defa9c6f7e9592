/**
 * Counts in words ("1 result", "2 results", "1 sonuç", "5 sonuç"), the one place the public pages
 * turn a number and a noun into text. Intl.PluralRules picks the form; the nouns below give each
 * form per language. Turkish nouns take no plural suffix after a number, so its forms are equal.
 * Pure: the web client and the server's heads use the same words.
 */

export type CountLocale = 'en' | 'tr';

type Forms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/** The nouns a count is shown with, in each language the site speaks. */
export const COUNT_NOUNS = {
  result: { en: { one: 'result', other: 'results' }, tr: { other: 'sonuç' } },
  review: { en: { one: 'review', other: 'reviews' }, tr: { other: 'değerlendirme' } },
  business: { en: { one: 'business', other: 'businesses' }, tr: { other: 'işletme' } },
  city: { en: { one: 'city', other: 'cities' }, tr: { other: 'şehir' } },
  category: { en: { one: 'category', other: 'categories' }, tr: { other: 'kategori' } },
  country: { en: { one: 'country', other: 'countries' }, tr: { other: 'ülke' } },
} as const satisfies Record<string, Record<CountLocale, Forms>>;

export type CountNoun = keyof typeof COUNT_NOUNS;

/** The number formats of the site: en-US for English pages, tr-TR for Turkish ones. */
const NUMBER_LOCALE: Record<CountLocale, string> = { en: 'en-US', tr: 'tr-TR' };

const rules = new Map<CountLocale, Intl.PluralRules>();
const numbers = new Map<CountLocale, Intl.NumberFormat>();

/** The number as the page's language writes it: 1,234 in English, 1.234 in Turkish. */
export function formatNumber(n: number, locale: CountLocale = 'en'): string {
  let f = numbers.get(locale);
  if (!f) numbers.set(locale, (f = new Intl.NumberFormat(NUMBER_LOCALE[locale])));
  return f.format(n);
}

/** The noun alone in the form the count asks for: nounFor(1, 'review') → 'review'. */
export function nounFor(n: number, noun: CountNoun, locale: CountLocale = 'en'): string {
  let r = rules.get(locale);
  if (!r) rules.set(locale, (r = new Intl.PluralRules(NUMBER_LOCALE[locale])));
  const forms: Forms = COUNT_NOUNS[noun][locale];
  return forms[r.select(n)] ?? forms.other;
}

/** A count with its noun: countOf(1, 'result') → '1 result'; countOf(1234, 'result', 'tr') → '1.234 sonuç'. */
export function countOf(n: number, noun: CountNoun, locale: CountLocale = 'en'): string {
  return `${formatNumber(n, locale)} ${nounFor(n, noun, locale)}`;
}
