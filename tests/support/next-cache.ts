import { vi } from 'vitest';

/**
 * Stand-in for `next/cache` under Vitest. Outside Next.js's server, `cacheTag` and `cacheLife` have
 * no cached function to mark and `revalidateTag` no request to revalidate from, and Next.js refuses
 * them; here each call is recorded, so a test can read what a route or a job revalidated
 * (`expect(revalidateTag).toHaveBeenCalledWith(…)`). A module of ORX's, so each test file gets
 * fresh ones (tests/support/vitest/setup.ts).
 */
export const cacheTag = vi.fn();
export const cacheLife = vi.fn();
export const revalidateTag = vi.fn();
