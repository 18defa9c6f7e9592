const CARD = 'rounded-lg border border-gray-200 bg-white shadow-sm';

/** The white bordered panel that screens are built of; any element (a section, a list item, a link) takes its look. */
export const cardClass = (extra = ''): string => (extra ? `${CARD} ${extra}` : CARD);
