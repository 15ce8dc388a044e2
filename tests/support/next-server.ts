/**
 * Stand-in for `next/server` under Vitest: Next.js's own exports, except `connection()`. A route
 * awaits it so that Next never prerenders the route; Next.js throws it outside a request, and the
 * tests call the handlers directly, so here it resolves, as it does inside every request. Pointed
 * at by `vitest.config.mts` for every file, which spares the files that replaced it with `vi.mock`
 * a process of their own.
 */
export { after, ImageResponse, NextRequest, NextResponse, URLPattern, userAgent, userAgentFromString } from 'next/server.js';

export async function connection(): Promise<void> {}
