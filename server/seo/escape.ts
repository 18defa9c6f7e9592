/** The two escapes of the crawler head: HTML attribute/text, and JSON inside a <script> element. */

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const HTML_SPECIAL = /[&<>"']/g;

export function escapeHtml(text: string): string {
  return text.replace(HTML_SPECIAL, (c) => HTML_ESCAPES[c]);
}

const SCRIPT_ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };
const SCRIPT_SPECIAL = /[<>&\u2028\u2029]/g;

/**
 * JSON that can sit inside <script type="application/ld+json">: '<', '>' and '&' become \u escapes
 * so no '</script>' or '<!--' can end or confuse the element, and U+2028/2029 are escaped for old
 * parsers. The result is still the same JSON value.
 */
export function scriptJson(value: unknown): string {
  // One pass over the text (a page's data island is kilobytes long), not one per character.
  return JSON.stringify(value).replace(SCRIPT_SPECIAL, (c) => SCRIPT_ESCAPES[c]);
}
