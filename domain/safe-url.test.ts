import { describe, expect, it } from 'vitest';
import { directionsUrl, mailtoHref, safeHttpUrl, telHref } from './safe-url.js';

describe('safeHttpUrl', () => {
  it('keeps http and https URLs', () => {
    expect(safeHttpUrl('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(safeHttpUrl(' http://example.com ')).toBe('http://example.com/');
  });
  it('adds https to a bare host', () => {
    expect(safeHttpUrl('www.example.com')).toBe('https://www.example.com/');
    expect(safeHttpUrl('example.co.uk/shop')).toBe('https://example.co.uk/shop');
  });
  it('refuses every other scheme and junk', () => {
    for (const bad of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', ' javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x', 'file:///etc/passwd', '//evil.example', 'not a url', '', null, undefined, 'http://', 'mailto:a@b.c']) {
      expect(safeHttpUrl(bad as string)).toBeNull();
    }
  });
});

describe('telHref', () => {
  it('keeps digits and a leading plus', () => {
    expect(telHref('+90 (489) 142 36 36')).toBe('tel:+904891423636');
    expect(telHref('(555) 123-4567')).toBe('tel:5551234567');
  });
  it('refuses values without a phone number', () => {
    expect(telHref('call us')).toBeNull();
    expect(telHref('')).toBeNull();
    expect(telHref(null)).toBeNull();
  });
  it('drops anything that is not a digit', () => {
    expect(telHref('123"><script>alert(1)</script>')).toBe('tel:1231');
  });
});

describe('mailtoHref', () => {
  it('accepts a plain address', () => {
    expect(mailtoHref(' info@example.com ')).toBe('mailto:info@example.com');
  });
  it('refuses addresses that could inject headers or markup', () => {
    for (const bad of ['a@b.com?bcc=x@y.com', 'a b@c.com', '"><img>@x.com', 'javascript:alert(1)', 'no-at-sign', null]) {
      expect(mailtoHref(bad)).toBeNull();
    }
  });
});

describe('directionsUrl', () => {
  it('uses the own http(s) map link, else a map search for the address', () => {
    expect(directionsUrl('https://maps.example/x', 'A St')).toBe('https://maps.example/x');
    expect(directionsUrl('javascript:alert(1)', 'A St 1, Paris')).toBe('https://www.google.com/maps/search/?api=1&query=A%20St%201%2C%20Paris');
    expect(directionsUrl(null, '')).toBeNull();
  });
});
