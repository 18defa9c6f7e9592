// `make start` runs this: the whole flow lives in run.ts, shared with `rehber serve`.
import { runUntilSignal } from './run.js';

await runUntilSignal();
