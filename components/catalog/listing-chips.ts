/** The listing's rounded controls: brand and sort links, Shuffle, Show more. */
export const chip = 'rounded-full border px-4 py-2 text-sm transition';
export const chipChosen = 'border-gold bg-gold text-ink';
export const chipOther = 'border-line text-muted hover:border-gold/60 hover:text-ivory';
export const chipAction = 'border-gold/60 text-gold hover:bg-gold hover:text-ink';
