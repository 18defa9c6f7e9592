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
