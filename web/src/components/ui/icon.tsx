/**
 * The public pages' icons: lucide's drawings as plain <svg> elements, each built once per icon and
 * class and then reused, with the markup lucide's component gives (icon.test.tsx compares them).
 * Lucide's component works its attributes and classes out again on every render, and a city page
 * draws eighty. The drawing inside the <svg> (its paths and circles) goes in as markup written once
 * per icon, so a render does not build those elements one by one: on the server each was a share of
 * every card's cost; the browser parses the same markup into SVG elements. Every icon here is
 * decoration (aria-hidden); the words beside it say what it means.
 */
import { createElement, type ReactElement, type ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

interface IconData {
  name: string;
  node: Array<[string, Record<string, string>]>;
  size?: number;
  aliases?: unknown[];
}

/** The drawing lucide-react's component hands to its inner <Icon> (null from a lucide-react that does not). */
function dataOf(Icon: LucideIcon): IconData | null {
  const render = (Icon as unknown as { render?: (props: object, ref: null) => { props?: { icon?: IconData } } | null }).render;
  const data = render?.({}, null)?.props?.icon;
  return data && typeof data.name === 'string' && Array.isArray(data.node) ? data : null;
}

const ATTRIBUTE_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
/** Attribute names React writes as they are (lucide's drawings use only such: d, cx, x1, points). */
const PLAIN_NAME = /^[a-z][a-z0-9]*$/;

/**
 * The drawing's elements as the markup React writes for them (no `key`, values escaped as React
 * escapes them), or null when an attribute is not one React writes unchanged: then they are elements.
 */
function drawingMarkup(node: IconData['node']): string | null {
  let html = '';
  for (const [tag, attrs] of node) {
    if (!PLAIN_NAME.test(tag)) return null;
    html += `<${tag}`;
    for (const [name, value] of Object.entries(attrs)) {
      if (name === 'key') continue;
      if (!PLAIN_NAME.test(name) || typeof value !== 'string') return null;
      html += ` ${name}="${value.replace(/[&<>"']/g, (c) => ATTRIBUTE_ESCAPES[c])}"`;
    }
    html += `></${tag}>`;
  }
  return html;
}

/** lucide-react's own attributes and classes (createLucideIcon, buildLucideIconNode), once. */
function draw(Icon: LucideIcon, className: string): ReactElement {
  const data = dataOf(Icon);
  if (!data) return <Icon className={className} aria-hidden="true" />;
  const size = data.size ?? 24;
  const aliases = (data.aliases ?? []).filter((a): a is string => typeof a === 'string' && a.trim() !== '').map((a) => `lucide-${a}`);
  const classes = new Set(['lucide', `lucide-${data.name}`, ...aliases, ...className.split(/\s+/)].filter(Boolean));
  const markup = drawingMarkup(data.node);
  const inner: { dangerouslySetInnerHTML: { __html: string } } | { children: ReactNode } = markup === null ? { children: data.node.map(([tag, attrs]) => createElement(tag, attrs)) } : { dangerouslySetInnerHTML: { __html: markup } };
  return (
    <svg xmlns="http://www.w3.org/2000/svg" width={24} height={24} viewBox={`0 0 ${size} ${size}`} fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" className={[...classes].join(' ')} aria-hidden="true" {...inner} />
  );
}

const drawn = new Map<LucideIcon, Map<string, ReactElement>>();

/** `Icon` with the classes `className`, aria-hidden: the same element on every call. */
export function icon(Icon: LucideIcon, className: string): ReactElement {
  let byClass = drawn.get(Icon);
  if (!byClass) drawn.set(Icon, (byClass = new Map()));
  let element = byClass.get(className);
  if (!element) byClass.set(className, (element = draw(Icon, className)));
  return element;
}
