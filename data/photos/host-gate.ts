import pLimit, { type LimitFunction } from 'p-limit';
import { PhotoSourceError } from './fetch-source.js';

export interface HostGateOptions {
  /** Downloads from one host at once. */
  perHost: number;
  /** How long a host whose download timed out is not asked again. */
  downMs: number;
}

/** Hosts remembered as down; the oldest go first (a forgotten one is simply tried again). */
const HOSTS_REMEMBERED = 10_000;

/**
 * Keeps one slow or hanging host from taking every download slot: at most `perHost` downloads per
 * host run at once (the others wait here, outside the shared queue), and a host whose download
 * timed out is not tried again for `downMs`: its sources fail at once, as transient failures.
 * Photo paths are public, so anyone can ask for the photos of every business on such a host.
 */
export class HostGate {
  private readonly slots = new Map<string, LimitFunction>();
  private readonly down = new Map<string, number>();

  constructor(private readonly options: HostGateOptions) {}

  /** Runs `work` (a download from `url`) in its host's turn, or fails it at once while the host is down. */
  async run<T>(url: string, work: () => Promise<T>): Promise<T> {
    const host = hostOf(url);
    if (host === null) return work();
    let limit = this.slots.get(host);
    if (!limit) {
      limit = pLimit(this.options.perHost);
      this.slots.set(host, limit);
    }
    try {
      return await limit(async () => {
        this.refuseWhileDown(host);
        try {
          return await work();
        } catch (err) {
          if (err instanceof PhotoSourceError && err.timedOut) this.markDown(host);
          throw err;
        }
      });
    } finally {
      // Only hosts with downloads running or waiting keep a queue.
      if (limit.activeCount === 0 && limit.pendingCount === 0 && this.slots.get(host) === limit) this.slots.delete(host);
    }
  }

  private refuseWhileDown(host: string): void {
    const until = this.down.get(host);
    if (until === undefined) return;
    if (until > Date.now()) throw new PhotoSourceError(`${host} timed out recently`, true);
    this.down.delete(host);
  }

  private markDown(host: string): void {
    this.down.delete(host);
    this.down.set(host, Date.now() + this.options.downMs);
    if (this.down.size > HOSTS_REMEMBERED) this.down.delete(this.down.keys().next().value as string);
  }
}

/**
 * The host a URL names, one spelling per host: URL lowercases it, turns a name into punycode and
 * an address into its canonical form; a trailing dot ("example.com.") is the same host. Null when
 * it is not a URL, which the fetch then refuses.
 */
function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.replace(/\.$/, '');
  } catch {
    return null;
  }
}
