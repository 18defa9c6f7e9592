import { describe, expect, it } from 'vitest';
import { readConfig } from './config.js';

describe('site settings', () => {
  it('SITE_NAME defaults to rehber and no contact detail is set by default', () => {
    expect(readConfig({}).site).toEqual({ name: 'rehber', contact: { email: undefined, phone: undefined, address: undefined } });
  });

  it('reads SITE_NAME and CONTACT_*, trimmed, a blank one counting as unset', () => {
    const { site } = readConfig({ SITE_NAME: ' Rehber TR ', CONTACT_EMAIL: 'desk@example.org', CONTACT_PHONE: ' ', CONTACT_ADDRESS: 'Moda Cd. 1, İstanbul' });
    expect(site).toEqual({ name: 'Rehber TR', contact: { email: 'desk@example.org', phone: undefined, address: 'Moda Cd. 1, İstanbul' } });
  });

  it('stops on a CONTACT_EMAIL that is no email address, naming it', () => {
    expect(() => readConfig({ CONTACT_EMAIL: 'not an email' })).toThrow(/^Invalid CONTACT_EMAIL/);
  });
});
