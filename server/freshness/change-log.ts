/**
 * What each move of one database's data version changed (db/data-version.ts readDataChanges), as
 * this process saw the moves: a cache that held answers at one version asks what changed up to the
 * next and keeps the answers that depend on none of it. A move is recorded before the version is
 * made known (data-version.ts), so a cache never sees a version whose changes it cannot ask for.
 */

/** The keys a span of versions changed; null when anything may have. */
export type Changes = ReadonlySet<string> | null;

/** Moves remembered: a cache further behind than this drops everything. */
const MOVES = 1_000;

export class ChangeLog {
  private last: bigint | null = null;
  private moves: { from: bigint; to: bigint; keys: Changes }[] = [];

  /** The newest version recorded (null before the first). */
  get latest(): bigint | null {
    return this.last;
  }

  /**
   * Records the move to `to`, reading its changes with `read`. A version lower than the last (the
   * database was restored from a backup) starts the log over. Calls must not overlap.
   */
  async advance(to: bigint, read: (after: bigint, upTo: bigint) => Promise<Changes>): Promise<void> {
    if (this.last === null || to < this.last) {
      this.last = to;
      this.moves = [];
      return;
    }
    if (to === this.last) return;
    const from = this.last;
    const keys = await read(from, to).catch(() => null);
    this.moves.push({ from, to, keys });
    if (this.moves.length > MOVES) this.moves.shift();
    this.last = to;
  }

  /** What changed after `from` up to `to` (a superset: a move that spans either end counts whole). */
  between(from: bigint, to: bigint): Changes {
    if (to === from) return new Set();
    if (to < from) return null;
    const keys = new Set<string>();
    let at = from;
    for (const move of this.moves) {
      if (move.to <= at) continue;
      if (move.from > at || move.keys === null) return null;
      for (const key of move.keys) keys.add(key);
      at = move.to;
      if (at >= to) return keys;
    }
    return null;
  }
}

/** Whether an answer that depends on `deps` (null: on everything) may have changed. */
export const touches = (deps: readonly string[] | null, changed: Changes): boolean =>
  changed === null || (deps === null ? changed.size > 0 : deps.some((key) => changed.has(key)));
