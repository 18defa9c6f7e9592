/**
 * The white bordered panel that screens are built of; any element (a section, a list item, a link)
 * takes its look. Its utilities are the `card` class of index.css, named once there.
 */
export const cardClass = (extra = ''): string => (extra ? `card ${extra}` : 'card');
