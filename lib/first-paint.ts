/** How long a page may hold its first paint for the rest of its HTML to stream in. */
export const FIRST_PAINT_HOLD_MS = 200;

export const FIRST_PAINT_HOLD_ID = 'first-paint-hold';

/**
 * Ends the hold (components/layout/first-paint-hold.tsx says why it exists) when the parser has
 * finished the document (its first readystatechange, to 'interactive') or when its time is up,
 * whichever comes first. Ended by the parser's own end instead, the hold would work the same but
 * Chromium would log a warning on every page that the link's target was never parsed; ended here,
 * just before that check, it is no longer waiting and nothing is logged.
 * A constant, so the Content-Security-Policy allows it by its hash (lib/http/security-headers.ts).
 */
export const FIRST_PAINT_HOLD_SCRIPT = `(function(){var l=document.getElementById('${FIRST_PAINT_HOLD_ID}');function end(){l&&l.removeAttribute('blocking')}document.addEventListener('readystatechange',end,{once:true});setTimeout(end,${FIRST_PAINT_HOLD_MS})})()`;
