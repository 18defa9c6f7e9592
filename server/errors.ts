/** Errors raised where the problem is known; server/middleware/errors.ts turns them into `{message}`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message = 'Not signed in') => new AppError(401, message);
export const forbidden = (message = 'Forbidden') => new AppError(403, message);
export const notFound = (message = 'Not found') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooLarge = (message = 'File too large') => new AppError(413, message);
export const unsupported = (message: string) => new AppError(415, message);
export const tooManyRequests = (message = 'Too many attempts, try again later') => new AppError(429, message);
