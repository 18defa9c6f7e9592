/**
 * The HTTP client: every call sends the session cookie; a non-OK answer becomes an
 * Error whose text is "{status}: {body text or status text}". `apiMessage` recovers the server's
 * `{message}` from such an error for toasts.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
  }
}

async function check(res: Response): Promise<Response> {
  if (!res.ok) throw new ApiError(res.status, await res.text(), res.statusText);
  return res;
}

export async function apiGet<T>(path: string): Promise<T> {
  const res = await check(await fetch(path, { credentials: 'include' }));
  return (await res.json()) as T;
}

export async function apiSend<T = unknown>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const init: RequestInit = { method, credentials: 'include' };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { 'Content-Type': 'application/json' };
  }
  const res = await check(await fetch(path, init));
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The server's `{message}` inside an ApiError, when there is one. */
export function apiMessage(err: unknown): string | undefined {
  if (!(err instanceof ApiError)) return undefined;
  try {
    const parsed = JSON.parse(err.body) as { message?: unknown };
    return typeof parsed.message === 'string' ? parsed.message : undefined;
  } catch {
    return undefined;
  }
}

/** Builds a query string, leaving out empty values. */
export function query(params: Record<string, string | number | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}
