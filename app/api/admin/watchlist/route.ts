import { NextResponse } from 'next/server';
import { adminRoute } from '@/lib/admin/route';
import { watchlistStore } from '@/lib/watchlist/server-store';

/** How many people watch each piece and each brand (issue 52); counts only. */
export const GET = adminRoute('catalogue', async () =>
  NextResponse.json(await watchlistStore().counts(), { headers: { 'cache-control': 'private, no-store' } }),
);
