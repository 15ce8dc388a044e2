import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Fails with the list of serious or critical accessibility violations on the page as it is now.
 *
 * Axe runs in the page itself (`setLegacyMode`): by default the builder runs each frame's part,
 * then opens a blank page in the test's context, sends it every frame's results as JSON and joins
 * them there, which exists for cross-origin frames. ORX's pages have none, so every rule still runs
 * on the whole page, without a third page per check or the round trip, which cost more than the
 * rules themselves (docs/testing.md, "Accessibility checks"). Only the violations are read, so the
 * rules' passes are not gathered for every node (`resultTypes`: every violation keeps all its nodes).
 */
export async function expectNoSeriousA11yViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] }).analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
  expect(serious).toEqual([]);
}
