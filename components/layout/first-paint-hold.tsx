import { FIRST_PAINT_HOLD_ID, FIRST_PAINT_HOLD_SCRIPT } from '@/lib/first-paint';

/**
 * Holds the first paint of a page until its streamed content has arrived, for at most
 * FIRST_PAINT_HOLD_MS (lib/first-paint.ts); rendered in <head>.
 *
 * Why: a listing streams in behind its loading state, and React reveals streamed content no
 * sooner than 300 ms after the first paint (its fallback throttle). Where the stylesheet is at
 * hand (a repeat visit, a fast network), that first paint comes before the listing, which is
 * ready some 40 ms after the shell: every visitor then watched "Loading…" for 300 ms, and the
 * cards painted that much later. With the hold a fast page paints once, complete; a slow one
 * shows its loading state once the hold ends.
 *
 * How: a render-blocking `<link rel="expect">` whose target names no element blocks rendering
 * (HTML standard, "expect" link type; Chromium 124+, other browsers ignore it). The script ends
 * the hold once the streamed content is complete, or the parser has finished the document, or its
 * time is up (lib/first-paint.ts). Only the first paint of a document load is held: a browser
 * ignores render-blocking links added after the body started, so client-side navigations are
 * never affected.
 */
export function FirstPaintHold() {
  return (
    <>
      <link id={FIRST_PAINT_HOLD_ID} rel="expect" href="#document-end" blocking="render" />
      <script dangerouslySetInnerHTML={{ __html: FIRST_PAINT_HOLD_SCRIPT }} />
    </>
  );
}
