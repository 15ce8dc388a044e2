/**
 * The shop's address when SITE_URL is unset (development, and the e2e shop). Apart from
 * lib/config.ts so that the Playwright suite, which runs outside Next, can read it: config.ts is
 * server-only.
 */
export const DEFAULT_SITE_URL = 'http://localhost:3000';
