/**
 * Whether this server should be sent traffic (/readyz), as against whether it is alive (/healthz).
 * A load balancer or orchestrator takes a server out of rotation while it is not ready, and puts
 * it back when it is: so each reason is something that heals or ends, never a reason to restart.
 */
import type { Db } from '../db/index.js';
import { pendingMigrations } from '../db/migrate.js';
import { databaseAnswers } from '../db/queries/stats.js';
import type { DataVersion } from './freshness/data-version.js';

export interface ReadinessReport {
  ready: boolean;
  reasons: string[];
  /** 'none' without DATABASE_REPLICA_URL; 'bypassed' while public reads go to the primary instead. */
  replica: 'none' | 'in use' | 'bypassed';
}

export class Readiness {
  private draining = false;
  /** One check at a time: probes arriving together (or a flood of them) share its queries. */
  private checking: Promise<ReadinessReport> | null = null;

  constructor(
    private readonly db: Db,
    private readonly dataVersion: DataVersion,
    private readonly replicated: boolean,
  ) {}

  /** The first step of a shutdown: from now on the server answers not ready, for good. */
  beginShutdown(): void {
    this.draining = true;
  }

  get shuttingDown(): boolean {
    return this.draining;
  }

  async check(): Promise<ReadinessReport> {
    this.checking ??= this.run().finally(() => {
      this.checking = null;
    });
    const report = await this.checking;
    // A shutdown that began during the check wins over its answer.
    return this.draining && report.ready ? { ...report, ready: false, reasons: ['shutting down'] } : report;
  }

  private async run(): Promise<ReadinessReport> {
    const reasons: string[] = [];
    if (this.draining) reasons.push('shutting down');
    if (!(await databaseAnswers(this.db))) {
      reasons.push('database unreachable');
    } else {
      const pending = await pendingMigrations(this.db).catch(() => null);
      if (pending === null) reasons.push('database unreachable');
      else if (pending.length) reasons.push(`${pending.length} pending migration${pending.length === 1 ? '' : 's'} (first ${pending[0]})`);
    }
    // A lagging or silent replica is bypassed (server/read-routing.ts): public reads still answer
    // current data from the primary, so it is reported, not a reason to stop traffic.
    const replica = !this.replicated ? 'none' : this.dataVersion.replicaAnswers ? 'in use' : 'bypassed';
    return { ready: reasons.length === 0, reasons, replica };
  }
}
