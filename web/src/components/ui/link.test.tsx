import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Link as RouterLink, NavLink as RouterNavLink, Route, Routes, StaticRouter, UNSAFE_NavigationContext } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ServerLink, ServerNavLink } from './link';

/** Rendered under a route, as the pages' links are. */
const at = (location: string, node: ReactNode) =>
  renderToString(
    <StaticRouter location={location}>
      <Routes>
        <Route path="/details/:slug" element={node} />
        <Route path="*" element={node} />
      </Routes>
    </StaticRouter>,
  );

const navClass = ({ isActive }: { isActive: boolean }) => `nav ${isActive ? 'on' : 'off'}`;

/** The server's light links draw exactly what React Router's draw there, so hydration finds its markup. */
describe('server links', () => {
  it('draw the same <a> as React Router’s Link, for every kind of link the pages make', () => {
    const links: Array<[string, Record<string, unknown>]> = [
      ['/cities', { className: 'a b' }],
      ['/', {}],
      ['/details/%C3%A7i%C3%A7ek-evi', { className: 'x', 'aria-label': 'Çiçek Evi', 'data-city-card': '' }],
      ['/search?q=cafe&location=Kad%C4%B1k%C3%B6y', { 'aria-current': 'page' }],
      ['/city/istanbul?page=2#list', { 'aria-disabled': 'true', rel: 'next' }],
      ['/cities/', { target: '_blank' }],
      // Not plain paths: React Router's own component draws them.
      ['/cities/./x', {}],
      ['/a/../cities', {}],
      ['../cities', {}],
      ['cities', {}],
      ['/search?', {}],
      ['/details/a.b', {}],
      ['/cities//x', {}],
      ['//cities', {}],
      ['/cities#', {}],
    ];
    for (const location of ['/details/abc', '/cities', '/']) {
      for (const [to, props] of links) {
        expect(at(location, <ServerLink to={to} {...props}>text <b>bold</b></ServerLink>)).toBe(at(location, <RouterLink to={to} {...props}>text <b>bold</b></RouterLink>));
      }
      expect(at(location, <ServerLink to={{ pathname: '/cities', search: '?a=1' }}>x</ServerLink>)).toBe(at(location, <RouterLink to={{ pathname: '/cities', search: '?a=1' }}>x</RouterLink>));
    }
  });

  it('take none of React Router’s hooks for a plain path (they need a location; these do not)', () => {
    const navigation = { basename: '/', navigator: {} as never, static: true, future: {} } as never;
    const bare = (node: ReactNode) => renderToString(<UNSAFE_NavigationContext.Provider value={navigation}>{node}</UNSAFE_NavigationContext.Provider>);
    expect(bare(<ServerLink to="/details/abc" className="c">x</ServerLink>)).toBe('<a class="c" href="/details/abc" data-discover="true">x</a>');
    expect(() => bare(<RouterLink to="/details/abc">x</RouterLink>)).toThrow();
  });

  it('mark the active NavLink as React Router does (class, aria-current), end or not, any case', () => {
    for (const location of ['/', '/cities', '/Cities', '/cities/', '/cities/x', '/citiesx', '/search', '/details/abc']) {
      for (const to of ['/', '/cities', '/cities/', '/search?q=a']) {
        for (const end of [false, true]) {
          expect(at(location, <ServerNavLink to={to} end={end} className={navClass}>Label</ServerNavLink>)).toBe(at(location, <RouterNavLink to={to} end={end} className={navClass}>Label</RouterNavLink>));
          expect(at(location, <ServerNavLink to={to} end={end} className="plain">Label</ServerNavLink>)).toBe(at(location, <RouterNavLink to={to} end={end} className="plain">Label</RouterNavLink>));
          expect(at(location, <ServerNavLink to={to} end={end} caseSensitive>{({ isActive }) => (isActive ? 'on' : 'off')}</ServerNavLink>)).toBe(at(location, <RouterNavLink to={to} end={end} caseSensitive>{({ isActive }) => (isActive ? 'on' : 'off')}</RouterNavLink>));
        }
      }
    }
  });
});
