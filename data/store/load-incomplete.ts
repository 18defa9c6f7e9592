/**
 * Rows that name their business by place id alone (no name or no address: an update-only file).
 * Such a row may change a stored business but never create one, and whether its business is
 * stored is only known under the import lock: the loader sorts a batch's rows here, from the
 * identities its one lookup per batch (rowsToWrite) found stored, with no query of its own.
 */

/** What the sorting needs of a prepared row. */
export interface IncompleteRef {
  identityKey: string;
  rowNumber: number;
  /** The required cells the row lacks ('name', 'full_address' or both), null when it has them. */
  missing: string | null;
}

/** The columns a row lacks, as its rejection names them; null for a complete row. */
export function missingOf(name: string | null, address: string | null): string | null {
  if (name !== null && address !== null) return null;
  if (name === null && address === null) return 'name and full_address';
  return name === null ? 'name' : 'full_address';
}

/** The reason given for a row that would create a business without its name or address. */
export function incompleteReason(row: IncompleteRef): string {
  const verb = row.missing!.includes(' and ') ? 'are' : 'is';
  return `Row ${row.rowNumber}: ${row.missing} ${verb} empty, and no stored business has this place_id`;
}

export interface IncompleteSplit {
  /** Positions merged first, as before: every complete row, and incomplete rows of stored businesses. */
  first: number[];
  /**
   * Positions merged after `first` in the same transaction (upsert only): from the first incomplete
   * row of a business that an earlier row of this batch creates, every later row of that business,
   * so each updates what the rows before it wrote, as rows imported one by one would.
   */
  then: number[];
  /** Rows that would create a business without a name or an address: rejected. */
  refused: number[];
}

/**
 * Sorts the positions `todo` (in file order) of `rows`. `stored` holds the identities already in
 * the database; in insert mode an incomplete repeat of a business made in this batch stays in
 * `first`, where the merge keeps that business's first row and skips the repeat.
 */
export function splitIncomplete(rows: readonly IncompleteRef[], todo: number[], stored: ReadonlyMap<string, unknown>, upsert: boolean): IncompleteSplit {
  if (!todo.some((i) => rows[i].missing !== null)) return { first: todo, then: [], refused: [] };
  const created = new Set<string>();
  const deferred = new Set<string>();
  const split: IncompleteSplit = { first: [], then: [], refused: [] };
  for (const i of todo) {
    const { identityKey: key, missing } = rows[i];
    if (stored.has(key)) split.first.push(i);
    else if (deferred.has(key)) split.then.push(i);
    else if (missing === null) {
      created.add(key);
      split.first.push(i);
    } else if (!created.has(key)) split.refused.push(i);
    else if (upsert) {
      deferred.add(key);
      split.then.push(i);
    } else split.first.push(i);
  }
  return split;
}
