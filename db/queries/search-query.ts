/**
 * The words of what a visitor or an admin typed, as the tsquery text that the search document
 * (migrations 20261124H, 20261127A) answers. The text is folded by PostgreSQL's own rehber_fold
 * when the query runs (rehber_tsquery), so the folding of a query and of the documents can never
 * differ.
 */

/** At most this many words are searched; the rest of a pasted paragraph is ignored. */
const MAX_WORDS = 8;

/** The words of `text`: runs of letters and digits, as typed. */
export function words(text: string): string[] {
  return text
    .normalize('NFC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_WORDS);
}

/** A word as a tsquery operand: quoted, so no letter of it is read as an operator. */
const operand = (word: string) => `'${word.replace(/'/g, "''")}'`;

/**
 * Every word (AND). `weights` restricts where a word may match ('C': a place); `prefix` lets the
 * last one be the start of a word (suggestions as one types).
 */
export function allOf(ws: string[], { weights = '', prefix = false }: { weights?: string; prefix?: boolean } = {}): string {
  return ws
    .map((w, i) => {
      const star = prefix && i === ws.length - 1 ? '*' : '';
      return star || weights ? `${operand(w)}:${star}${weights}` : operand(w);
    })
    .join(' & ');
}

/**
 * The SQL of a tsquery from a text made by allOf, its one binding folded as the documents are,
 * each word also matching the cities that have it among their names (rehber_tsquery, migration
 * 20261127A: a document names its city by one lexeme). A subquery, so PostgreSQL works it out
 * once per statement, not once per row it ranks.
 */
export const TSQUERY = `(SELECT rehber_tsquery(?))`;
