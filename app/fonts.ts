import localFont from 'next/font/local';

/**
 * The display serif carries the ORX look, so it ships with the app (from npm, nothing fetched from
 * a font service), in one weight: every byte before the first paint counts on a phone. Body text
 * uses the platform's own UI font (Tailwind's default sans stack), which costs nothing to load.
 */
export const serif = localFont({
  src: '../node_modules/@fontsource/cormorant-garamond/files/cormorant-garamond-latin-600-normal.woff2',
  weight: '600',
  variable: '--font-serif',
  display: 'swap',
});
