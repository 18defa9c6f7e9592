import fs from 'node:fs';
import path from 'node:path';
import { renderToString } from 'react-dom/server';
import * as lucide from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { icon, IconSheet, SHEET_ICONS } from './icon';

const lucideMarkup = (Icon: lucide.LucideIcon, className: string) => renderToString(<Icon className={className} aria-hidden="true" />);
/** The drawing inside an <svg>'s tags. */
const inner = (svg: string) => /^<svg[^>]*>([\s\S]*)<\/svg>$/.exec(svg)![1];

describe('icon', () => {
  it('uses the sheet’s symbol of each icon the site draws: aria-hidden, its classes, no drawing of its own', () => {
    expect(renderToString(icon(lucide.MapPin, 'h-4 w-4 shrink-0'))).toBe('<svg class="icon h-4 w-4 shrink-0" aria-hidden="true"><use href="#icon-map-pin"></use></svg>');
    expect(renderToString(icon(lucide.Phone, ''))).toBe('<svg class="icon" aria-hidden="true"><use href="#icon-phone"></use></svg>');
    // The same element on every call, one per icon and classes.
    expect(icon(lucide.Phone, 'h-4 w-4')).toBe(icon(lucide.Phone, 'h-4 w-4'));
    expect(icon(lucide.Phone, 'h-5 w-5')).not.toBe(icon(lucide.Phone, 'h-4 w-4'));
  });

  it('draws each of the sheet’s icons once, as a symbol with lucide’s drawing, in a hidden <svg>', () => {
    const sheet = renderToString(<IconSheet />);
    expect(sheet).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="0" height="0" class="absolute" aria-hidden="true" data-icon-sheet="">/);
    const symbols = [...sheet.matchAll(/<symbol id="([^"]+)" viewBox="0 0 24 24">([\s\S]*?)<\/symbol>/g)];
    expect(symbols).toHaveLength(SHEET_ICONS.length);
    for (const Icon of SHEET_ICONS) {
      const id = /href="#([^"]+)"/.exec(renderToString(icon(Icon, 'h-4 w-4')))![1];
      const drawn = symbols.filter((m) => m[1] === id);
      expect(drawn, id).toHaveLength(1);
      expect(drawn[0][2], id).toBe(inner(lucideMarkup(Icon, 'h-4 w-4')));
    }
  });

  it('draws an icon that is not in the sheet whole, with the markup of lucide’s component', () => {
    for (const name of ['Loader2', 'CheckCircle2', 'Globe2', 'Star'] as const) {
      const Icon = lucide[name];
      expect(SHEET_ICONS).not.toContain(Icon);
      for (const className of ['h-4 w-4', 'mt-0.5 h-5 w-5 shrink-0 text-blue-700', 'h-4  w-4 h-4', '']) {
        const mine = renderToString(icon(Icon, className));
        expect(mine, name).toBe(lucideMarkup(Icon, className));
        // Without the attribute lucide hides it all the same.
        expect(mine, name).toBe(renderToString(<Icon className={className} />));
      }
    }
  });

  it('has in the sheet every icon a file of the web client draws through icon()', () => {
    const root = path.resolve(__dirname, '../..');
    const files = fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
    const missing: string[] = [];
    for (const file of files) {
      const source = fs.readFileSync(path.join(root, file), 'utf8');
      if (!/\bicon\(/.test(source) || file === path.join('components', 'ui', 'icon.tsx')) continue;
      const imported = /import\s*\{([^}]*)\}\s*from\s*'lucide-react'/.exec(source)?.[1] ?? '';
      for (const name of imported.split(',').map((n) => n.trim()).filter((n) => n && !n.startsWith('type '))) {
        const Icon = (lucide as unknown as Record<string, lucide.LucideIcon>)[name];
        if (!SHEET_ICONS.includes(Icon)) missing.push(`${file}: ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
