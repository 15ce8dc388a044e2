/**
 * This instance's clock, in milliseconds since the epoch, as Next's "use cache" reads it to stamp
 * and age its entries (not Date.now: Next counts reading that inside a prerender as uncached I/O,
 * and the opengraph cards made on demand failed so). Anything compared with an entry's timestamp
 * must read this clock: it can stand apart from Date.now, by a few milliseconds from the start and
 * by as far as the system clock is set while the process runs.
 */
export function instanceNow(): number {
  return performance.timeOrigin + performance.now();
}
