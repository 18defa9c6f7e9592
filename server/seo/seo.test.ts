import { describe, expect, it } from 'vitest';
import { escapeHtml, scriptJson } from './escape.js';
import { injectAdsMeta, injectHead, renderHead } from './head.js';
import { openingHoursSpecification, toIsoTime } from './json-ld.js';

describe('scriptJson', () => {
  it('escapes <, >, & and U+2028/2029 so nothing can end the script element, and stays the same JSON', () => {
    const value = { name: '</script><script>alert(1)</script>', about: '<!-- & \u2028\u2029' };
    const out = scriptJson(value);
    expect(out).not.toMatch(/[<>&\u2028\u2029]/);
    expect(out).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(out)).toEqual(value);
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that matter in text and attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });
});

describe('head', () => {
  it('replaces the marked block and keeps $ patterns in the data literal', () => {
    const html = '<head><!--head--><title>old</title><!--/head--></head>';
    const out = injectHead(html, renderHead({ title: 'A $& B', description: 'd', canonical: 'https://x.example/p' }));
    expect(out).toContain('<title>A $&amp; B</title>');
    expect(out).not.toContain('old');
  });
  it('tells the SPA about ads through a meta tag only', () => {
    expect(injectAdsMeta('<head></head>', { slots: {} })).toContain('<meta name="rehber-ads" content="{}" />');
    expect(injectAdsMeta('<head></head>', { client: 'ca-pub-1', slots: { detail: '2' } })).toContain('content="{&quot;client&quot;:&quot;ca-pub-1&quot;,&quot;slots&quot;:{&quot;detail&quot;:&quot;2&quot;}}"');
  });
});

describe('opening hours', () => {
  it('turns the file notation into ISO times', () => {
    expect(toIsoTime('8AM')).toBe('08:00');
    expect(toIsoTime('9:30 pm')).toBe('21:30');
    expect(toIsoTime('12AM')).toBe('00:00');
    expect(toIsoTime('17:00')).toBe('17:00');
    expect(toIsoTime('noon')).toBeNull();
  });
  it('lists open days only, Monday first', () => {
    expect(openingHoursSpecification({ sunday: { closed: true }, tuesday: { open: '9AM', close: '5PM' }, monday: { open: '8AM', close: '7PM' } })).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Monday', opens: '08:00', closes: '19:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Tuesday', opens: '09:00', closes: '17:00' },
    ]);
  });
});
