#!/usr/bin/env node
// The built CLI; `make build` (or `make start`) produces dist/.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const main = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
if (!existsSync(main)) {
  process.stderr.write('rehber: not built yet; run `make build` first\n');
  process.exit(1);
}
await import(main);
