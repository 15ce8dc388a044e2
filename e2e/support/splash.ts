import type { Page } from '@playwright/test';
import { SPLASH_SEEN_KEY } from '@/lib/splash';

/** Marks this browser session as having seen the splash, for tests about what lies under it. */
export async function skipSplash(page: Page) {
  await page.addInitScript((key) => window.sessionStorage.setItem(key, '1'), SPLASH_SEEN_KEY);
}
