import { renderToString } from 'react-dom/server';
import * as lucide from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { icon } from './icon';

// Every icon the public pages draw through icon() (grep "icon(" web/src), and some that are not.
const USED = ['ArrowLeft', 'BadgeCheck', 'Briefcase', 'Building2', 'Check', 'ChevronRight', 'Clock', 'ExternalLink', 'Globe', 'Hammer', 'Info', 'Mail', 'MapPin', 'Menu', 'Phone', 'Search', 'SlidersHorizontal', 'Tag', 'Users', 'Wrench', 'X', 'Loader2', 'CheckCircle2', 'Globe2'] as const;

describe('icon', () => {
  it('draws the markup of lucide’s component, for every icon the site uses', () => {
    for (const name of USED) {
      const Icon = lucide[name];
      for (const className of ['h-4 w-4', 'mt-0.5 h-5 w-5 shrink-0 text-blue-700', 'h-4  w-4 h-4', '']) {
        const mine = renderToString(icon(Icon, className));
        expect(mine, name).toBe(renderToString(<Icon className={className} aria-hidden="true" />));
        // Without the attribute lucide hides it all the same.
        expect(mine, name).toBe(renderToString(<Icon className={className} />));
      }
    }
  });

  it('builds each icon once, as a plain <svg> (not lucide’s component) ', () => {
    const phone = icon(lucide.Phone, 'h-4 w-4');
    expect(phone.type).toBe('svg');
    // Its paths are markup written once, not elements React builds on every render.
    expect((phone.props as { dangerouslySetInnerHTML?: { __html: string } }).dangerouslySetInnerHTML?.__html).toMatch(/^<path d="[^"]+"><\/path>/);
    expect(icon(lucide.Phone, 'h-4 w-4')).toBe(phone);
    expect(icon(lucide.Phone, 'h-5 w-5')).not.toBe(phone);
  });
});
