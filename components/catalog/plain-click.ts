import type { MouseEvent } from 'react';

/**
 * Whether a press on a link is a plain one the listing may carry out itself; a modified or middle
 * press (a new tab, a download) is left to the browser, which follows the link's address.
 */
export function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
