import { describe, expect, it } from 'vitest';
import { readCityCategoryMin, readConfig } from './config.js';

describe('site settings', () => {
  it('SITE_NAME defaults to rehber and no contact detail is set by default', () => {
    expect(readConfig({}).site).toEqual({ name: 'rehber', contact: { email: undefined, phone: undefined, address: undefined } });
  });

  it('reads SITE_NAME and CONTACT_*, trimmed, a blank one counting as unset', () => {
    const { site } = readConfig({ SITE_NAME: ' Rehber TR ', CONTACT_EMAIL: 'desk@example.org', CONTACT_PHONE: ' ', CONTACT_ADDRESS: 'Moda Cd. 1, İstanbul' });
    expect(site).toEqual({ name: 'Rehber TR', contact: { email: 'desk@example.org', phone: undefined, address: 'Moda Cd. 1, İstanbul' } });
  });

  it('SITE_TWITTER is the site\'s X account as @name, unset by default, and stops on what is no handle', () => {
    expect(readConfig({}).site.twitter).toBeUndefined();
    expect(readConfig({ SITE_TWITTER: 'rehber_tr' }).site.twitter?.site).toBe('@rehber_tr');
    expect(readConfig({ SITE_TWITTER: ' @rehber ' }).site.twitter?.site).toBe('@rehber');
    expect(() => readConfig({ SITE_TWITTER: 'https://x.com/rehber' })).toThrow(/^Invalid SITE_TWITTER/);
  });

  it('SITE_TWITTER_CREATOR names the pages\' creator, the site\'s own account when unset, and stops on what is no handle', () => {
    expect(readConfig({ SITE_TWITTER: 'rehber' }).site.twitter).toEqual({ site: '@rehber', creator: '@rehber' });
    expect(readConfig({ SITE_TWITTER: 'rehber', SITE_TWITTER_CREATOR: '@desk' }).site.twitter).toEqual({ site: '@rehber', creator: '@desk' });
    expect(readConfig({ SITE_TWITTER_CREATOR: 'desk' }).site.twitter).toEqual({ creator: '@desk' });
    expect(() => readConfig({ SITE_TWITTER_CREATOR: 'desk desk' })).toThrow(/^Invalid SITE_TWITTER_CREATOR/);
  });

  it('stops on a CONTACT_EMAIL that is no email address, naming it', () => {
    expect(() => readConfig({ CONTACT_EMAIL: 'not an email' })).toThrow(/^Invalid CONTACT_EMAIL/);
  });
});

describe('READ_CONCURRENCY', () => {
  it('is 4 unless set, and stops on a count that is none, naming it', () => {
    expect(readConfig({}).readConcurrency).toBe(4);
    expect(readConfig({ READ_CONCURRENCY: '16' }).readConcurrency).toBe(16);
    for (const bad of ['0', 'all', '1.5', '-2']) expect(() => readConfig({ READ_CONCURRENCY: bad }), bad).toThrow(/^Invalid READ_CONCURRENCY/);
  });
});

describe('COMBO_MIN_BUSINESSES', () => {
  it('is 3 unless set, and stops on a count that is none, naming it', () => {
    expect(readConfig({}).cityCategoryMin).toBe(3);
    expect(readConfig({ COMBO_MIN_BUSINESSES: '5' }).cityCategoryMin).toBe(5);
    for (const bad of ['0', 'many', '2.5']) expect(() => readConfig({ COMBO_MIN_BUSINESSES: bad }), bad).toThrow(/^Invalid COMBO_MIN_BUSINESSES/);
  });

  it('is read alone by the CLI with the same default and the same refusal', () => {
    expect(readCityCategoryMin({})).toBe(3);
    expect(readCityCategoryMin({ COMBO_MIN_BUSINESSES: '5' })).toBe(5);
    expect(() => readCityCategoryMin({ COMBO_MIN_BUSINESSES: '0' })).toThrow(/^Invalid COMBO_MIN_BUSINESSES/);
  });
});

describe('TRUST_PROXY', () => {
  const proxy = (value?: string) => {
    const c = readConfig(value === undefined ? {} : { TRUST_PROXY: value });
    return { trustProxy: c.trustProxy, proxyHops: c.proxyHops };
  };

  it('is off by default and with 0 or false; true and 1 mean one proxy; a number counts the proxies', () => {
    expect([proxy(), proxy('0'), proxy('false')]).toEqual(Array(3).fill({ trustProxy: false, proxyHops: 1 }));
    expect([proxy('1'), proxy('true')]).toEqual(Array(2).fill({ trustProxy: true, proxyHops: 1 }));
    expect(proxy('2')).toEqual({ trustProxy: true, proxyHops: 2 });
  });

  it('stops on anything else with one line naming it', () => {
    for (const bad of ['yes', '-1', '1.5', '100']) expect(() => readConfig({ TRUST_PROXY: bad })).toThrow(/^Invalid TRUST_PROXY: [^\n]+$/);
  });
});

describe('METRICS_PORT', () => {
  it('is off unless set (blank counts as unset); the listener is on loopback unless METRICS_HOST says otherwise', () => {
    expect(readConfig({}).metrics).toBeUndefined();
    expect(readConfig({ METRICS_PORT: ' ' }).metrics).toBeUndefined();
    expect(readConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(readConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metrics).toEqual({ port: 9464, host: '10.0.0.5' });
  });

  it('stops on a port that is none, naming it', () => {
    for (const bad of ['http', '70000', '-1']) expect(() => readConfig({ METRICS_PORT: bad })).toThrow(/^Invalid METRICS_PORT: [^\n]+$/);
  });
});
