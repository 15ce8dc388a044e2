import { expect, type Page } from '@playwright/test';

/**
 * Collects every Content-Security-Policy violation the page meets: the `securitypolicyviolation`
 * events of each document (listened to before any of the page's own scripts run) and the
 * browser's console reports of refused loads.
 */
export async function watchCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction('__orxCspViolation', (violation: string) => violations.push(violation));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __orxCspViolation: (violation: string) => void }).__orxCspViolation;
      report(`${event.effectiveDirective} refused ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  return violations;
}

export function expectNoViolations(violations: string[]) {
  expect(violations, 'Content-Security-Policy violations').toEqual([]);
}
