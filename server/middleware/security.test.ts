import { afterAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-app.js';

describe('security headers', () => {
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((a) => a.close())));

  const cspOf = async (app: TestApp) => {
    apps.push(app);
    const res = await fetch(`${app.url}/api/stats`);
    return { csp: res.headers.get('content-security-policy') ?? '', res };
  };

  it('allows only this site for scripts, frames and connections when ads are off', async () => {
    const { csp, res } = await cspOf(await startTestApp());
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self';/);
    // Photos come from rehber's own /photos: a visitor's browser loads no image from another host.
    expect(csp).toMatch(/img-src 'self' data:;/);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("frame-src 'none'");
    expect(csp).not.toContain('googlesyndication');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('referrer-policy')).toBeTruthy();
  });

  it('adds the ad network hosts only when AD_CLIENT is set', async () => {
    const { csp } = await cspOf(await startTestApp({ ads: { client: 'ca-pub-123', slots: {} } }));
    expect(csp).toMatch(/script-src 'self' https:\/\/pagead2\.googlesyndication\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/\*\.doubleclick\.net/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/\*\.google\.com/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
});
