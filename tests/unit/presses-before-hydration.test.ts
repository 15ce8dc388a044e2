import { describe, expect, it } from 'vitest';
import { HELD_PRESS_ATTRIBUTE, HOLD_PRESS_ATTRIBUTE } from '@/lib/hold-press';
import { HELD_PRESS_LIMIT_MS, PRESSES_BEFORE_HYDRATION_SCRIPT } from '@/lib/presses-before-hydration';

// What the script does in a browser is proven in Chromium by e2e/presses-at-once.spec.ts.
describe('the script that keeps presses made before the page is interactive', () => {
  it('is one line of JavaScript that parses: its lines were joined without breaking a statement', () => {
    expect(PRESSES_BEFORE_HYDRATION_SCRIPT).not.toContain('\n');
    expect(() => new Function(PRESSES_BEFORE_HYDRATION_SCRIPT)).not.toThrow();
  });

  it('uses the attributes and the limit the components and styles know', () => {
    expect(PRESSES_BEFORE_HYDRATION_SCRIPT).toContain(`[${HOLD_PRESS_ATTRIBUTE}]`);
    expect(PRESSES_BEFORE_HYDRATION_SCRIPT).toContain(`'${HELD_PRESS_ATTRIBUTE}'`);
    expect(PRESSES_BEFORE_HYDRATION_SCRIPT).toContain(`>= ${HELD_PRESS_LIMIT_MS}`);
  });
});
