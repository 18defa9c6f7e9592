/**
 * The directory's data version (db/data-version.ts), as this process knows it: read once, then
 * kept current by listening for committed writes (each notifies), with a slow poll as a safety
 * net should the listening connection drop. Caches key their entries by it, so a write anywhere
 * invalidates every process's caches at once.
 *
 * With a read replica (DATABASE_REPLICA_URL) there are two versions. A write moves the version on
 * the primary at once, but public reads go to the replica, which replays it a little later (or,
 * paused or far behind, much later). Were public answers cached under the primary's version, one
 * read from the replica between the commit and its replay would be stored under the new version
 * with the old data, and served as current until the next write: stale for good. So public answers
 * are keyed by the version as the replica itself shows it (`readable()`): the version row is
 * replicated in the same transaction as the data it counts, and replay is in commit order, so a
 * replica that shows version V holds every write up to V, and a query that starts after reading V
 * sees at least that. The notification (LISTEN cannot run on a standby, so it comes from the
 * primary) carries the new version: the replica's row is re-read until it gets there.
 *
 * This holds when DATABASE_REPLICA_URL names one server. A URL that spreads connections over
 * several replicas could read the version on one and the data on a laggier other: give each app
 * server its own replica instead.
 */
import type { Logger } from 'pino';
import type { Db } from '../../db/index.js';
import { listenForWrites, readDataChanges, readDataVersion, type Version, type WriteListener } from '../../db/data-version.js';
import { ChangeLog } from './change-log.js';

/** How often the version row is read anyway (a missed notification heals within this). */
const POLL_MS = 5_000;
/** Re-reads of a replica's version that has not replayed a notified write yet: first and longest wait. */
const CHASE_FIRST_MS = 5;
const CHASE_MAX_MS = 250;
/** Versions heard of within this window share one entry of the lag record (so it stays small). */
const LAG_GRAIN_MS = 1_000;
const LAG_ENTRIES = 1_000;

export class DataVersion {
  private known: Version | null = null;
  /** The version as the read database (the replica) shows it; the same as `known` without one. */
  private replicated: Version | null = null;
  /** The newest version heard of (a notification's payload or the primary's row). */
  private target = 0n;
  /** Versions heard of that the replica does not show yet, each with when it was first heard of. */
  private unreplayed: { version: bigint; at: number }[] = [];
  private starting: Promise<void> | null = null;
  private listener: WriteListener | null = null;
  private timer: NodeJS.Timeout | null = null;
  private chase: NodeJS.Timeout | null = null;
  private stopped = false;
  /** What each move of the primary's version, and of the replica's, changed. */
  private readonly primaryLog = new ChangeLog();
  private readonly replicaLog = new ChangeLog();
  /** One read of each database at a time, so the versions (and the logs) only move forward. */
  private readonly readPrimary = oneAtATime(() => this.readOnce());
  private readonly readReplicaRow = oneAtATime(() => this.replicaOnce());

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    /** Where public reads go: a streaming replica of `db`, or `db` itself. */
    private readonly readDb: Db = db,
    /** A replica further behind than this (a write heard of longer ago that it has not replayed) is not read. */
    private readonly maxLagMs = 30_000,
  ) {}

  /** The current version on the primary; null while the database cannot say (callers then cache nothing). */
  async current(): Promise<Version | null> {
    if (this.stopped) return null;
    this.starting ??= this.start();
    await this.starting;
    return this.known;
  }

  /**
   * The version that answers read through the read database may be cached under: what that
   * database has replayed (the primary's version when there is no replica). Null while it cannot say.
   */
  async readable(): Promise<Version | null> {
    if (this.readDb === this.db) return this.current();
    if (this.stopped) return null;
    this.starting ??= this.start();
    await this.starting;
    return this.replicated;
  }

  /**
   * False after the replica failed to answer, or while it lags more than `maxLagMs` behind (its
   * replication broken or swamped), until it answers and catches up: public reads then go to the
   * primary rather than show old data indefinitely.
   */
  get replicaAnswers(): boolean {
    if (this.readDb === this.db || !this.starting) return true;
    const oldest = this.unreplayed[0];
    return this.replicated !== null && (!oldest || performance.now() - oldest.at <= this.maxLagMs);
  }

  /**
   * What this process knows now, without reading anything (metrics): the primary's version, the read
   * database's, and how long the oldest write heard of has waited for the replica to replay it
   * (ms; 0 when it has replayed everything heard of, null without a replica).
   */
  get snapshot(): { primary: Version | null; readable: Version | null; replicaLagMs: number | null } {
    const replicated = this.readDb !== this.db;
    const oldest = this.unreplayed[0];
    return {
      primary: this.known,
      readable: replicated ? this.replicated : this.known,
      replicaLagMs: replicated ? (oldest ? performance.now() - oldest.at : 0) : null,
    };
  }

  /**
   * What the versions of the database a cache reads (the primary's, or the replica's) changed:
   * each move is recorded before the version it moves to is made known.
   */
  changeLog(fromPrimary: boolean): ChangeLog {
    return fromPrimary || this.readDb === this.db ? this.primaryLog : this.replicaLog;
  }

  /** A version heard of: what the replica has to reach, and since when. */
  private heard(version: bigint): void {
    if (version <= this.target) return;
    this.target = version;
    if (this.readDb === this.db) return;
    const now = performance.now();
    const last = this.unreplayed.at(-1);
    if (last && (now - last.at < LAG_GRAIN_MS || this.unreplayed.length >= LAG_ENTRIES)) last.version = version;
    else this.unreplayed.push({ version, at: now });
  }

  private async start(): Promise<void> {
    await this.read();
    this.timer = setInterval(() => void this.read(), POLL_MS);
    this.timer.unref();
    await this.listen();
  }

  private read(): Promise<void> {
    return this.readPrimary();
  }

  private async readOnce(): Promise<void> {
    const primary = await this.readRow(this.db, 'data version unreadable: caching paused');
    if (primary) await this.primaryLog.advance(BigInt(primary.version), (after, upTo) => readDataChanges(this.db, after, upTo));
    this.known = primary;
    if (primary && BigInt(primary.version) < this.target) {
      // The primary went back (restored from a backup; or this read began before a notified
      // commit, and the notification's own read follows at once): start over from what it says.
      this.target = BigInt(primary.version);
      this.unreplayed = [];
    }
    if (primary) this.heard(BigInt(primary.version));
    if (this.readDb === this.db) return;
    await this.readReplica();
  }

  private async replicaOnce(): Promise<void> {
    const row = await this.readRow(this.readDb, 'replica unreadable: public reads go to the primary');
    if (row) await this.replicaLog.advance(BigInt(row.version), (after, upTo) => readDataChanges(this.readDb, after, upTo));
    this.replicated = row;
  }

  private async readReplica(wait = CHASE_FIRST_MS): Promise<void> {
    await this.readReplicaRow();
    const row = this.replicated;
    if (row) {
      const shown = BigInt(row.version);
      while (this.unreplayed.length && this.unreplayed[0].version <= shown) this.unreplayed.shift();
    }
    if (!row || BigInt(row.version) >= this.target || this.stopped) return;
    // Not replayed yet: look again soon, backing off (a paused replica is looked at every 250 ms).
    if (this.chase) return;
    this.chase = setTimeout(() => {
      this.chase = null;
      void this.readReplica(Math.min(wait * 2, CHASE_MAX_MS));
    }, wait);
    this.chase.unref();
  }

  private async readRow(db: Db, problem: string): Promise<Version | null> {
    try {
      return await readDataVersion(db);
    } catch (err) {
      this.logger.warn({ err }, problem);
      return null;
    }
  }

  private async listen(): Promise<void> {
    if (this.stopped) return;
    const onWrite = (version: bigint | null) => {
      if (version !== null) this.heard(version);
      void this.read();
    };
    const onLost = (err: Error) => {
      this.logger.warn({ err }, 'data version listener lost; polling until it is back');
      this.listener = null;
      setTimeout(() => void this.listen().catch(() => {}), POLL_MS).unref();
    };
    try {
      this.listener = await listenForWrites(this.db, onWrite, onLost);
      // A write between the first read and LISTEN would otherwise go unnoticed until the poll.
      await this.read();
    } catch (err) {
      this.logger.warn({ err }, 'data version listener could not start; polling');
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
    if (this.chase) clearTimeout(this.chase);
    await this.starting?.catch(() => {});
    await this.listener?.end().catch(() => {});
    this.listener = null;
  }
}

/**
 * `run` one call at a time: a call made while one runs shares the one run after it (so it sees
 * what was written before it was made), and calls made meanwhile share that run too.
 */
function oneAtATime(run: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  const start = () => {
    const current = run().finally(() => {
      if (running === current) running = null;
    });
    running = current;
    return current;
  };
  return () => {
    if (!running) return start();
    next ??= running.catch(() => {}).then(() => {
      next = null;
      return start();
    });
    return next;
  };
}
