import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { guardedLookup, isPublicAddress } from './address-guard.js';

/** What a photo fetch may take: every limit is there so one bad URL cannot tie up the server. */
export interface FetchLimits {
  /** Bytes of the body, counted as they arrive (a missing or lying Content-Length changes nothing). */
  maxBytes: number;
  /** The whole exchange, redirects included. */
  timeoutMs: number;
  maxRedirects: number;
  /** Tests fetch from a local image server; production never does (address-guard.ts). */
  allowPrivateAddresses: boolean;
}

/**
 * Why a photo could not be fetched: kept in the negative cache and logged, never shown to visitors.
 * `transient`: the host may answer soon (a timeout, a dropped connection, a 5xx, a 429), so the
 * failure is remembered for a shorter time than a refusal that will stay one (a 404, not an image).
 */
export class PhotoSourceError extends Error {
  constructor(
    message: string,
    readonly transient = false,
    /** The host did not answer in time (host-gate.ts stops asking it for a while). */
    readonly timedOut = false,
  ) {
    super(message);
    this.name = 'PhotoSourceError';
  }
}

/** Statuses after which the same request may well succeed. */
const TRANSIENT_STATUS = new Set([408, 425, 429, 500, 502, 503, 504]);

/** The body of an http(s) URL, following at most `maxRedirects` redirects, each hop checked anew. */
export async function fetchSource(url: string, limits: FetchLimits): Promise<Buffer> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let current = parseHttpUrl(url);
  for (let hop = 0; ; hop++) {
    const answer = await requestOnce(current, limits, signal);
    if (answer.kind === 'body') return answer.body;
    if (hop >= limits.maxRedirects) throw new PhotoSourceError(`more than ${limits.maxRedirects} redirects`);
    current = parseHttpUrl(new URL(answer.location, current).href);
  }
}

function parseHttpUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new PhotoSourceError('not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new PhotoSourceError(`${url.protocol} is not http(s)`);
  if (url.username || url.password) throw new PhotoSourceError('URLs with credentials are not fetched');
  return url;
}

type Answer = { kind: 'body'; body: Buffer } | { kind: 'redirect'; location: string };

function requestOnce(url: URL, limits: FetchLimits, signal: AbortSignal): Promise<Answer> {
  // An IP literal never goes through `lookup`: check it here.
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(literal) && !limits.allowPrivateAddresses && !isPublicAddress(literal)) {
    return Promise.reject(new PhotoSourceError(`${literal} is not a public address`));
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Answer>((resolve, reject) => {
    // A network error or the time limit: the host may do better next time.
    const fail = (err: Error) =>
      reject(err instanceof PhotoSourceError ? err : new PhotoSourceError(describe(err, signal), true, signal.aborted || (err as NodeJS.ErrnoException).code === 'ETIMEDOUT'));
    const req = client.request(
      url,
      {
        method: 'GET',
        signal,
        lookup: guardedLookup(limits.allowPrivateAddresses),
        // No Accept-Encoding: a compressed body could expand past the cap before it is counted.
        headers: { accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9,*/*;q=0.1', 'user-agent': 'rehber-photos/1' },
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          resolve({ kind: 'redirect', location: res.headers.location });
          return;
        }
        if (status !== 200) {
          res.resume();
          reject(new PhotoSourceError(`HTTP ${status}`, TRANSIENT_STATUS.has(status)));
          return;
        }
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > limits.maxBytes) {
          req.destroy();
          reject(new PhotoSourceError(`${declared} bytes is over the ${limits.maxBytes}-byte limit`));
          return;
        }
        const chunks: Buffer[] = [];
        let total = 0;
        res.on('data', (chunk: Buffer) => {
          total += chunk.length;
          if (total > limits.maxBytes) {
            req.destroy();
            reject(new PhotoSourceError(`over the ${limits.maxBytes}-byte limit`));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve({ kind: 'body', body: Buffer.concat(chunks, total) }));
        res.on('error', fail);
        res.on('aborted', () => fail(new Error('connection closed mid-body')));
      },
    );
    req.on('error', fail);
    req.end();
  });
}

function describe(err: Error, signal: AbortSignal): string {
  if (signal.aborted) return 'timed out';
  const code = (err as NodeJS.ErrnoException).code;
  return code ? `${code}: ${err.message}` : err.message;
}
