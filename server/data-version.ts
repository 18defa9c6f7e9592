/**
 * The directory's data version (migration 20261124F), as this process knows it: read once, then
 * kept current by LISTEN rehber_data (every committed write notifies), with a slow poll as a safety
 * net should the listening connection drop. Caches key their entries by it, so a write anywhere
 * invalidates every process's caches at once.
 */
import pg from 'pg';
import type { Logger } from 'pino';
import { connectionUrlOf, type Db } from '../db/index.js';

export interface Version {
  version: string;
  changedAt: Date;
}

/** How often the version row is read anyway (a missed notification heals within this). */
const POLL_MS = 5_000;

export class DataVersion {
  private known: Version | null = null;
  private starting: Promise<void> | null = null;
  private listener: pg.Client | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
  ) {}

  /** The current version; null while the database cannot say (callers then cache nothing). */
  async current(): Promise<Version | null> {
    if (this.stopped) return null;
    this.starting ??= this.start();
    await this.starting;
    return this.known;
  }

  private async start(): Promise<void> {
    await this.read();
    this.timer = setInterval(() => void this.read(), POLL_MS);
    this.timer.unref();
    await this.listen();
  }

  private async read(): Promise<void> {
    try {
      const row = await this.db('data_version').where({ id: 1 }).first('version', 'changed_at');
      if (row) this.known = { version: String(row.version), changedAt: new Date(row.changed_at) };
    } catch (err) {
      this.known = null;
      this.logger.warn({ err }, 'data version unreadable: caching paused');
    }
  }

  private async listen(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: connectionUrlOf(this.db) });
    client.on('notification', () => void this.read());
    client.on('error', (err) => {
      this.logger.warn({ err }, 'data version listener lost; polling until it is back');
      this.listener = null;
      client.end().catch(() => {});
      setTimeout(() => void this.listen().catch(() => {}), POLL_MS).unref();
    });
    try {
      await client.connect();
      await client.query('LISTEN rehber_data');
      this.listener = client;
      // A write between the first read and LISTEN would otherwise go unnoticed until the poll.
      await this.read();
    } catch (err) {
      this.logger.warn({ err }, 'data version listener could not start; polling');
      await client.end().catch(() => {});
    }
  }

  /**
   * Reads the version now: after a write this process made, so its own next read never waits for
   * the notification (other processes get it within milliseconds).
   */
  async refresh(): Promise<void> {
    if (this.starting && !this.stopped) await this.read();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.starting?.catch(() => {});
    await this.listener?.end().catch(() => {});
    this.listener = null;
  }
}
