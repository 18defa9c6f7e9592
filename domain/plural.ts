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
  district: { en: { one: 'district', other: 'districts' }, tr: { other: 'ilçe' } },
  category: { en: { one: 'category', other: 'categories' }, tr: { other: 'kategori' } },
  country: { en: { one: 'country', other: 'countries' }, tr: { other: 'ülke' } },
  row: { en: { one: 'row', other: 'rows' }, tr: { other: 'satır' } },
  error: { en: { one: 'error', other: 'errors' }, tr: { other: 'hata' } },
  file: { en: { one: 'file', other: 'files' }, tr: { other: 'dosya' } },
  entry: { en: { one: 'entry', other: 'entries' }, tr: { other: 'kayıt' } },
} as const satisfies Record<string, Record<CountLocale, Forms>>;

export type CountNoun = keyof typeof COUNT_NOUNS;

/** The number formats of the site: en-US for English pages, tr-TR for Turkish ones. */
const NUMBER_LOCALE: Record<CountLocale, string> = { en: 'en-US', tr: 'tr-TR' };

const rules = new Map<CountLocale, Intl.PluralRules>();
const numbers = new Map<CountLocale, Intl.NumberFormat>();

/** How each language groups thousands, as its Intl.NumberFormat does (plural.test.ts compares them). */
const THOUSANDS: Record<CountLocale, string> = { en: ',', tr: '.' };

/**
 * A whole number grouped by thousands. Intl's format is slow per call in a server render (a page
 * formats a few counts, a list page dozens): whole numbers, the counts, are grouped here instead.
 */
function groupedInteger(n: number, locale: CountLocale): string {
  const digits = String(Math.abs(n));
  let out = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = out.length; i < digits.length; i += 3) out += THOUSANDS[locale] + digits.slice(i, i + 3);
  return n < 0 ? `-${out}` : out;
}

/** The number as the page's language writes it: 1,234 in English, 1.234 in Turkish. */
export function formatNumber(n: number, locale: CountLocale = 'en'): string {
  if (Number.isSafeInteger(n) && !Object.is(n, -0)) return groupedInteger(n, locale);
  let f = numbers.get(locale);
  if (!f) numbers.set(locale, (f = new Intl.NumberFormat(NUMBER_LOCALE[locale])));
  return f.format(n);
}

/** The noun alone in the form the count asks for: nounFor(1, 'review') → 'review'. */
export function nounFor(n: number, noun: CountNoun, locale: CountLocale = 'en'): string {
  const forms: Forms = COUNT_NOUNS[noun][locale];
  // Without a singular (Turkish) the rule cannot matter; for a whole number English's is 'one' for ±1 alone.
  if (forms.one === undefined) return forms.other;
  if (locale === 'en' && Number.isSafeInteger(n)) return Math.abs(n) === 1 ? forms.one : forms.other;
  let r = rules.get(locale);
  if (!r) rules.set(locale, (r = new Intl.PluralRules(NUMBER_LOCALE[locale])));
  return forms[r.select(n)] ?? forms.other;
}

/** A count with its noun: countOf(1, 'result') → '1 result'; countOf(1234, 'result', 'tr') → '1.234 sonuç'. */
export function countOf(n: number, noun: CountNoun, locale: CountLocale = 'en'): string {
  return `${formatNumber(n, locale)} ${nounFor(n, noun, locale)}`;
}
