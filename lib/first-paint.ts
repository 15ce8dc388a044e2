/** How long a page may hold its first paint for the rest of its HTML to stream in. */
export const FIRST_PAINT_HOLD_MS = 200;

export const FIRST_PAINT_HOLD_ID = 'first-paint-hold';

/**
 * Ends the hold when its time is up (components/layout/first-paint-hold.tsx says why it exists).
 * A constant, so the Content-Security-Policy allows it by its hash (lib/http/security-headers.ts).
 */
export const FIRST_PAINT_HOLD_SCRIPT = `setTimeout(function(){var l=document.getElementById('${FIRST_PAINT_HOLD_ID}');l&&l.removeAttribute('blocking')},${FIRST_PAINT_HOLD_MS})`;
