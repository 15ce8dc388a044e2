import { adminRoute } from '@/lib/admin/route';
import { watcherCountsCsv } from '@/lib/admin/watchlist-counts';
import { watchlistStore } from '@/lib/watchlist/server-store';

/** The owner's CSV of the watcher counts (the shop's own rules' capability: the owner alone). */
export const GET = adminRoute('shop', async () => watcherCountsCsv(await watchlistStore().counts()));
