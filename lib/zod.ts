import { z } from 'zod';

/**
 * zod, as every module of the shop imports it (ESLint refuses `from 'zod'` elsewhere).
 *
 * zod compiles object parsers with `new Function` when it may, and finds out by trying it once,
 * when the first object schema is built. Under the shop's Content-Security-Policy (no
 * 'unsafe-eval', docs/csp.md) that try is refused and reported as a violation in the browser, so
 * it must be switched off before any module builds a schema: configuring it here, where `z` comes
 * from, guarantees that. The interpreted parsers are as correct, and fast enough for a form.
 */
z.config({ jitless: true });

export { z };
