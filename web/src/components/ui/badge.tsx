const TONES = {
  gray: 'bg-gray-100 text-gray-700',
  blue: 'bg-blue-100 text-blue-800',
  green: 'bg-green-100 text-green-800',
  amber: 'bg-amber-100 text-amber-800',
} as const;

export type BadgeTone = keyof typeof TONES;

/** A small rounded label (a status, a rank): the look, for any element. */
export const badgeClass = (tone: BadgeTone = 'gray', extra = ''): string =>
  `inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ${TONES[tone]}${extra ? ` ${extra}` : ''}`;
