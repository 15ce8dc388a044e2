/** The home page's loading splash (SPEC §2, §4, §9). */

/** The bar fills in steps of SPLASH_STEP percent, one every SPLASH_TICK_MS. */
export const SPLASH_STEP = 2;
export const SPLASH_TICK_MS = 30;
/** Pause at 100 % before the splash fades out. */
export const SPLASH_HOLD_MS = 500;
/** Length of the fade itself (beyond the spec, which does not time it). */
export const SPLASH_FADE_MS = 500;

/** sessionStorage key: once set, this browser session has seen the splash. */
export const SPLASH_SEEN_KEY = 'orx-splash-seen';
/** Set on the splash element, before first paint, when it is to be shown. */
export const SPLASH_SHOW_ATTRIBUTE = 'data-show';
export const SPLASH_ID = 'orx-splash';

export function nextProgress(progress: number): number {
  return Math.min(100, progress + SPLASH_STEP);
}

/**
 * Runs inline right after the splash markup, before the first paint: shows the splash on the
 * first home visit of a browser session unless the visitor prefers reduced motion. Without
 * JavaScript it never shows and the page is there at once.
 */
export const SPLASH_GATE_SCRIPT = `(function(){try{var s=document.getElementById(${JSON.stringify(SPLASH_ID)});if(!s||sessionStorage.getItem(${JSON.stringify(SPLASH_SEEN_KEY)})||matchMedia('(prefers-reduced-motion: reduce)').matches)return;sessionStorage.setItem(${JSON.stringify(SPLASH_SEEN_KEY)},'1');s.setAttribute(${JSON.stringify(SPLASH_SHOW_ATTRIBUTE)},'')}catch(e){}})()`;
