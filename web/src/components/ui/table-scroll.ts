/**
 * The box a wide table scrolls sideways in, so a phone scrolls the table and not the page. It is
 * positioned: a screen-reader-only label in a cell is absolutely positioned, and without a
 * positioned box around the table it would take the page as its containing block and widen it.
 */
const TABLE_SCROLL = 'relative overflow-x-auto';

export const tableScrollClass = (extra = ''): string => (extra ? `${TABLE_SCROLL} ${extra}` : TABLE_SCROLL);
