import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './node-flags.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe("the web server's Node flags", () => {
  it('are given by make start and by the systemd unit, as the bench gives them', () => {
    const flags = SERVER_NODE_FLAGS.join(' ');
    const start = /^start:.*\n\t(.+)$/m.exec(fs.readFileSync(path.join(ROOT, 'Makefile'), 'utf8'))![1];
    expect(start).toBe(`node ${flags} dist/server/main.js`);
    const unit = /^ExecStart=(.+)$/m.exec(fs.readFileSync(path.join(ROOT, 'docs/production/rehber.service'), 'utf8'))![1];
    expect(unit).toBe(`/usr/bin/node ${flags} dist/server/main.js`);
  });
});
