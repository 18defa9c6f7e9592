import { errorLine } from '../domain/errors.js';
import { databaseProblem } from '../db/connection-errors.js';

/** The CLI's exit codes, the same for every command. */
export const EXIT = { ok: 0, fatal: 1, usage: 2, rejectedRows: 3 } as const;

/** A wrong option or argument: one line on stderr, exit 2. */
export class UsageError extends Error {}

/**
 * Prints one clear line on stderr (never a stack trace) and exits with the contract's code. A
 * database that cannot be reached or has no schema yet is said as such, with what to do.
 */
export function fail(err: unknown): never {
  process.stderr.write(`rehber: ${databaseProblem(err, Boolean(process.env.DATABASE_URL)) ?? errorLine(err)}\n`);
  process.exit(err instanceof UsageError ? EXIT.usage : EXIT.fatal);
}
