// `make start` runs this: the whole flow lives in start.ts, shared with `rehber serve`.
import { runUntilSignal } from './start.js';

await runUntilSignal();
