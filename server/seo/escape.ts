/** The two escapes of the crawler head: HTML attribute/text, and JSON inside a <script> element. */

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const HTML_SPECIAL = /[&<>"']/g;
const HAS_HTML_SPECIAL = /[&<>"']/;

export function escapeHtml(text: string): string {
  // Most text has nothing to escape: a test is cheaper than a replace that finds nothing.
  return HAS_HTML_SPECIAL.test(text) ? text.replace(HTML_SPECIAL, (c) => HTML_ESCAPES[c]) : text;
}

const SCRIPT_ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };
const SCRIPT_SPECIAL = /[<>&\u2028\u2029]/g;
const HAS_SCRIPT_SPECIAL = /[<>&\u2028\u2029]/;

/**
 * JSON that can sit inside <script type="application/ld+json">: '<', '>' and '&' become \u escapes
 * so no '</script>' or '<!--' can end or confuse the element, and U+2028/2029 are escaped for old
 * parsers. The result is still the same JSON value.
 */
export function scriptJson(value: unknown): string {
  // One pass over the text (a page's data island is kilobytes long), not one per character.
  const json = JSON.stringify(value);
  return HAS_SCRIPT_SPECIAL.test(json) ? json.replace(SCRIPT_SPECIAL, (c) => SCRIPT_ESCAPES[c]) : json;
}
