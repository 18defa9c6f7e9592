/**
 * The load generator of the HTTP benches (http.ts, import-reads.ts): CONNECTIONS keep-alive loops
 * on node:http, every answer read whole, latencies kept for the p99. Not autocannon: it asks for a
 * new path per request (unique URLs that the answer cache never serves) and can run until an
 * import ends.
 */
import http from 'node:http';

export const CONNECTIONS = 32;

export const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)];

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  /** Answers other than 200, and requests that failed on the network. */
  errors: number;
  /** The mean bytes of a recorded answer's body as sent (compressed when it was). */
  bodyBytes: number;
  firstBadStatus?: number;
}

export interface LoadOptions {
  headers?: Record<string, string>;
  /** A first phase that is not recorded (caches, connections, JIT). */
  warmupMs?: number;
  /** How long the recorded phase lasts, asked after each answer (so it can end when an import does). */
  budgetMs: () => number;
  /** Keep-alive connections asking at once (CONNECTIONS unless given). */
  connections?: number;
}

export async function load(base: string, nextPath: () => string, { headers = {}, warmupMs = 0, budgetMs, connections = CONNECTIONS }: LoadOptions): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const url = new URL(base);
  // Status 0: the request failed on the network.
  let bytes = 0;
  const once = (path: string) =>
    new Promise<number>((resolve) => {
      const req = http.get({ host: url.hostname, port: url.port, path, agent, headers }, (res) => {
        // node:http decodes no Content-Encoding: these are the bytes that came over the wire.
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(0));
      });
      req.on('error', () => resolve(0));
    });
  const latencies: number[] = [];
  let errors = 0;
  let firstBadStatus: number | undefined;
  const phase = async (remaining: (elapsedMs: number) => boolean, record: boolean) => {
    const started = performance.now();
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (remaining(performance.now() - started)) {
          const t0 = performance.now();
          const status = await once(nextPath());
          if (!record) continue;
          latencies.push(performance.now() - t0);
          if (status !== 200) {
            errors++;
            firstBadStatus ??= status;
          }
        }
      }),
    );
  };
  if (warmupMs > 0) await phase((elapsed) => elapsed < warmupMs, false);
  bytes = 0;
  const started = performance.now();
  await phase((elapsed) => elapsed < budgetMs(), true);
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / seconds, p50: latencies[Math.floor(latencies.length * 0.5)] ?? 0, p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0, errors, firstBadStatus, bodyBytes: latencies.length ? bytes / latencies.length : 0 };
}

/** Signs the bench's admin in; the session cookie to send. */
/**
 * `count` requests of `nextPath()` over `connections` keep-alive connections, each answer read whole
 * before its connection asks again: a fixed amount of work rather than a fixed time, so two builds
 * run back to back on a busy machine compare on the same requests. The seconds they took.
 * `strict`: an answer other than 200 fails the run (else it counts like any other).
 */
export async function fixedRequests(base: string, nextPath: () => string, count: number, connections = CONNECTIONS, strict = false): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const { hostname, port } = new URL(base);
  const once = (path: string) =>
    new Promise<void>((resolve, reject) => {
      http.get({ host: hostname, port, path, agent }, (res) => {
        if (strict && res.statusCode !== 200) reject(new Error(`${path}: ${res.statusCode}`));
        res.resume().on('end', resolve);
      }).on('error', (err) => (strict ? reject(err) : resolve()));
    });
  let left = count;
  const started = performance.now();
  try {
    await Promise.all(Array.from({ length: connections }, async () => {
      while (left-- > 0) await once(nextPath());
    }));
  } finally {
    agent.destroy();
  }
  return (performance.now() - started) / 1000;
}

export async function signIn(base: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench', password }),
  });
  if (!res.ok) throw new Error(`bench sign-in failed: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
