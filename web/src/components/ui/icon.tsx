/**
 * The public pages' icons: lucide's drawings, each drawn once per page as a <symbol> of one hidden
 * sheet (<IconSheet>, in the layouts, so it stays through the browser's navigation), and used by
 * every icon as <svg><use href="#icon-…"/></svg>. A list page draws dozens of icons, three a card,
 * and each drew its paths and lucide's attributes again, a large share of a card's markup; now it
 * names its symbol.
 * Lucide's size and strokes come from the `icon` class (index.css) instead of attributes on each.
 * An icon not in the sheet is drawn whole in place, with the markup lucide's component gives
 * (icon.test.tsx compares them), so it still shows until it is added to SHEET_ICONS. Every icon
 * here is decoration (aria-hidden); the words beside it say what it means.
 */
import { createElement, type ReactElement, type ReactNode } from 'react';
import {
  ArrowLeft,
  BadgeCheck,
  Briefcase,
  Building2,
  Check,
  ChevronRight,
  Clock,
  ExternalLink,
  Globe,
  Hammer,
  Info,
  LocateFixed,
  Mail,
  MapPin,
  Menu,
  Navigation,
  Phone,
  Search,
  SlidersHorizontal,
  Tag,
  Users,
  Wrench,
  X,
  type LucideIcon,
} from 'lucide-react';

/** Every icon the public pages draw through icon() (icon.test.tsx checks the sources for others). */
export const SHEET_ICONS: readonly LucideIcon[] = [ArrowLeft, BadgeCheck, Briefcase, Building2, Check, ChevronRight, Clock, ExternalLink, Globe, Hammer, Info, LocateFixed, Mail, MapPin, Menu, Navigation, Phone, Search, SlidersHorizontal, Tag, Users, Wrench, X];

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
/** `value` as an attribute's quoted value writes it, as React escapes it. */
const attribute = (value: string) => value.replace(/[&<>"']/g, (c) => ATTRIBUTE_ESCAPES[c]);
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
      html += ` ${name}="${attribute(value)}"`;
    }
    html += `></${tag}>`;
  }
  return html;
}

/** lucide-react's own attributes and classes (createLucideIcon, buildLucideIconNode), once. */
function drawWhole(Icon: LucideIcon, className: string): ReactElement {
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

/** The sheet's symbols: each icon's id, and the markup of them all. */
function buildSheet(): { ids: Map<LucideIcon, string>; markup: string } {
  const ids = new Map<LucideIcon, string>();
  let markup = '';
  for (const Icon of SHEET_ICONS) {
    const data = dataOf(Icon);
    const drawing = data && drawingMarkup(data.node);
    // A drawing that is not plain markup is drawn whole where it is used.
    if (!data || drawing === null) continue;
    const id = `icon-${data.name}`;
    const size = data.size ?? 24;
    ids.set(Icon, id);
    markup += `<symbol id="${id}" viewBox="0 0 ${size} ${size}">${drawing}</symbol>`;
  }
  return { ids, markup };
}

const sheet = buildSheet();

/**
 * The page's icons, each drawn once: a hidden <svg> of symbols that every icon() uses. Put once in
 * each layout; the same markup on the server and in the browser, which hydrates it as it is.
 */
export function IconSheet() {
  return <svg xmlns="http://www.w3.org/2000/svg" width="0" height="0" className="absolute" aria-hidden="true" data-icon-sheet="" dangerouslySetInnerHTML={{ __html: sheet.markup }} />;
}

/**
 * A sheet icon: its <use> is the <svg>'s inner markup, the bytes React would write for it, so the
 * render draws one element where it drew two (a business page draws a score of icons); the
 * browser sets and hydrates it the same way.
 */
function draw(Icon: LucideIcon, className: string): ReactElement {
  const id = sheet.ids.get(Icon);
  if (id === undefined) return drawWhole(Icon, className);
  return <svg className={className ? `icon ${className}` : 'icon'} aria-hidden="true" dangerouslySetInnerHTML={{ __html: `<use href="#${attribute(id)}"></use>` }} />;
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
