/**
 * The one slug rule, shared by the import pipeline, the server and the web
 * client. Pure and dependency-free so the browser bundle can import it.
 */

// Letters that NFD does not split into base + mark, or that fold to more than one letter.
const SPECIAL: Record<string, string> = {
  ı: 'i', İ: 'i', ß: 'ss', æ: 'ae', Æ: 'ae', œ: 'oe', Œ: 'oe', ø: 'o', Ø: 'o', đ: 'd', Đ: 'd',
  ð: 'd', Ð: 'd', þ: 'th', Þ: 'th', ł: 'l', Ł: 'l', ħ: 'h', Ħ: 'h',
};

export const PLACE_ID_PREFIX_LENGTH = 7;
export const SLUG_FALLBACK = 'business';
/**
 * Longest business slug stored: a btree entry must stay well under PostgreSQL's ~2.7 kB limit.
 * A path naming a longer slug is still read but never kept by a cache: anyone can make up one.
 */
export const MAX_SLUG_LENGTH = 120;

// ASCII text is its own NFKC and NFD form and has no letter to fold (slug.test.ts): no ICU call for it.
const NOT_ASCII = /[\u0080-\uffff]/;

/** Folds letters to ASCII: 'Şişli Çiçekçi' → 'Sisli Cicekci'. */
export function foldToAscii(text: string): string {
  if (!NOT_ASCII.test(text)) return text;
  return text
    .replace(/[ıİßæÆœŒøØđĐðÐþÞłŁħĦ]/g, (c) => SPECIAL[c] ?? c)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

/**
 * How place names are compared: lowercase, marks and punctuation removed, Turkish dotless i folded,
 * letters of other scripts kept ('İstanbul' = 'istanbul' = 'ISTANBUL', 'Москва' stays 'москва').
 */
export function foldName(text: string): string {
  return foldToAscii(NOT_ASCII.test(text) ? text.normalize('NFKC') : text)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Lowercase ASCII words joined by single hyphens; '' when nothing is left. */
export function slugifyText(text: string): string {
  return foldToAscii(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A business's slug: its name's slug (or 'business'), plus '-' and the place id's first 7 characters. */
export function businessSlug(name: string, placeId?: string | null): string {
  const base = slugifyText(name) || SLUG_FALLBACK;
  const prefix = placeId ? slugifyText(placeId.slice(0, PLACE_ID_PREFIX_LENGTH)) : '';
  return prefix ? `${base}-${prefix}` : base;
}
