import { describe, expect, it } from 'vitest';
import { isLoopbackUrl, isPrivateUrl } from './base-url.js';

describe('base URLs search engines cannot reach', () => {
  it('knows loopback, private-network and .local addresses from public ones', () => {
    for (const url of ['http://localhost:3000', 'http://app.localhost', 'http://127.0.0.1:8080', 'http://127.1.2.3', 'http://[::1]:3000', 'http://0.0.0.0']) {
      expect([url, isLoopbackUrl(url), isPrivateUrl(url)]).toEqual([url, true, true]);
    }
    for (const url of ['http://10.0.0.5', 'http://192.168.1.20:3000', 'http://172.16.0.1', 'http://172.31.255.1', 'http://printer.local', 'http://[fd12:3456::1]']) {
      expect([url, isLoopbackUrl(url), isPrivateUrl(url)]).toEqual([url, false, true]);
    }
    for (const url of ['https://example.com', 'https://local.example.com', 'http://172.32.0.1', 'http://11.0.0.1', 'https://localhost.example.com', 'not a url']) {
      expect([url, isLoopbackUrl(url), isPrivateUrl(url)]).toEqual([url, false, false]);
    }
  });
});
