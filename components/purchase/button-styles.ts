/** The purchase dialog's two button looks. */
export const PRIMARY_BUTTON =
  'inline-flex w-full items-center justify-center rounded-full bg-gold px-5 py-3 text-sm font-medium text-ink transition hover:bg-gold-bright';
export const SECONDARY_BUTTON =
  'inline-flex w-full items-center justify-center rounded-full border border-gold/60 px-5 py-3 text-sm text-gold transition hover:border-gold hover:text-gold-bright';
