import { EventEmitter } from 'node:events';
import { render } from 'ink';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { SitemapProgressView } from './sitemap-progress.js';

/** A stand-in terminal that keeps what Ink wrote. */
class FakeTty extends EventEmitter {
  columns = 120;
  rows = 40;
  isTTY = true;
  frames: string[] = [];
  write(s: string) {
    this.frames.push(s);
    return true;
  }
}

describe('the terminal sitemap progress', () => {
  it('shows finished files as lines and one live bar with percent, counts and rate', async () => {
    const out = new FakeTty();
    const app = render(
      createElement(SitemapProgressView, {
        progress: { phase: 'writing', done: 9000, planned: 20_000, files: 1 },
        files: [{ name: 'businesses-1.xml', type: 'businesses', count: 9000, bytes: 1_200_000 }],
        elapsedMs: 2000,
      }),
      { stdout: out as unknown as NodeJS.WriteStream, debug: true, patchConsole: false },
    );
    app.unmount();
    const ansi = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
    const text = out.frames.join('').replace(ansi, '');
    expect(text).toContain('businesses-1.xml 9,000 URLs');
    expect(text).toContain('45% 9,000/20,000 URLs · 4,500 URLs/s · 2.0 s');
  });
});
