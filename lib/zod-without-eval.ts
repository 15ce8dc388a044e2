import { z } from 'zod';

/**
 * zod compiles object parsers with `new Function` when it may, and finds out by trying it once.
 * Under the shop's Content-Security-Policy (no 'unsafe-eval', docs/csp.md) that try is refused
 * and reported as a violation in the browser. Imported, for this effect, by the schemas the
 * browser runs; the interpreted parsers are as correct, and fast enough for a form.
 */
z.config({ jitless: true });
