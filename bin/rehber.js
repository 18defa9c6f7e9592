#!/usr/bin/env -S node --max-semi-space-size=2
// The built CLI; `make build` (or `make start`) produces dist/.
// The small nursery (V8's default grows to 16 MB per semi-space) is for the main thread only,
// which mostly draws progress: with Ink redrawing, its young generation alone, beside the import
// worker's heap, pushed `rehber import` past its 300 MB peak. Workers set their
// own limits. `make start` runs dist/server/main.js without it.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const main = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
if (!existsSync(main)) {
  process.stderr.write('rehber: not built yet; run `make build` first\n');
  process.exit(1);
}
await import(main);
