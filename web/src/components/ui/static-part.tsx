/**
 * A part of a page that depends on almost nothing per request (the site's header and footer), or
 * on data that is the same for every view until a write (a country's cities). The server render
 * draws its children to markup once per `cacheKey` and gives the element that markup as its inner
 * HTML; the browser renders the element with its children, as everywhere, and hydrates them
 * against the same bytes. React drew header and footer element by element on every page: a large
 * share of a business page's render. `cacheKey` must name everything the children draw from (site
 * settings, the links' active states, the year, the data drawn); given as a function, it is worked
 * out only by the server render (the browser never needs it).
 */
import { createContext, useContext, type ReactNode } from 'react';
import { jsx } from 'react/jsx-runtime';

/** The markup `children()` draws in the page's contexts, kept under `key` (web/src/entry-server.tsx). */
export type DrawPart = (key: string, children: () => ReactNode) => string;

/** Given by the server render only: without it (the browser, component tests) a part renders as usual. */
export const DrawPartContext = createContext<DrawPart | null>(null);

/** The element's own attributes besides its class (a list's label, a test's marker). */
type PartAttributes = { 'aria-label'?: string } & { [marker: `data-${string}`]: string };

/** `children` draws the part's content: called only when its markup is not kept yet (or in the browser). */
export function StaticPart({
  as: Tag,
  className,
  cacheKey,
  attributes,
  children,
}: {
  as: 'header' | 'footer' | 'nav' | 'div' | 'table' | 'h2';
  className: string;
  cacheKey: string | (() => string);
  attributes?: PartAttributes;
  children: () => ReactNode;
}) {
  const draw = useContext(DrawPartContext);
  if (draw) {
    // Its props built in place: a JSX spread between props is copied through V8's slow path, which
    // cost more than the part's look-up (a business page draws a dozen parts). The same order: the
    // class, the attributes, then the markup.
    const props: Record<string, unknown> = { className };
    if (attributes) Object.assign(props, attributes);
    props.dangerouslySetInnerHTML = { __html: draw(`${Tag}|${typeof cacheKey === 'string' ? cacheKey : cacheKey()}`, children) };
    return jsx(Tag, props);
  }
  return (
    <Tag className={className} {...attributes}>
      {children()}
    </Tag>
  );
}
