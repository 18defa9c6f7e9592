/** The two escapes of the crawler head: HTML attribute/text, and JSON inside a <script> element. */

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * JSON that can sit inside <script type="application/ld+json">: '<', '>' and '&' become \u escapes
 * so no '</script>' or '<!--' can end or confuse the element, and U+2028/2029 are escaped for old
 * parsers. The result is still the same JSON value.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
