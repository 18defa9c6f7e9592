/** LIKE / ILIKE patterns from user text: the one escaper, so a user's % _ and \ match themselves. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `%text%`: contains the text, taken literally. */
export const containsPattern = (text: string): string => `%${escapeLike(text)}%`;
