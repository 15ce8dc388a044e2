import { PRESSES_BEFORE_HYDRATION_SCRIPT } from '@/lib/presses-before-hydration';

/**
 * Keeps the presses made before the page is interactive and carries them out once it is
 * (lib/presses-before-hydration.ts); rendered first in <head>, so that it listens before anything
 * can be pressed.
 */
export function PressesBeforeHydration() {
  return <script dangerouslySetInnerHTML={{ __html: PRESSES_BEFORE_HYDRATION_SCRIPT }} />;
}
