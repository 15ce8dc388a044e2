const VARIANTS = {
  primary: 'bg-gold text-ink hover:bg-gold-bright',
  secondary: 'border border-gold/60 text-gold hover:border-gold-bright hover:text-gold-bright',
} as const;

export type ButtonVariant = keyof typeof VARIANTS;

/** The shop's pill buttons, for buttons and links alike. */
export function buttonClass(variant: ButtonVariant = 'primary'): string {
  return `inline-flex min-h-11 items-center justify-center rounded-full px-6 py-2.5 text-sm font-medium transition-colors ${VARIANTS[variant]}`;
}
