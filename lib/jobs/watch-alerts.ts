import 'server-only';
import { getAdminCredentials } from '@/lib/auth/credentials';
import { siteUrl } from '@/lib/config';
import { parseDeliveryConfig } from '@/lib/events/config';
import { throttleStore } from '@/lib/throttle/server-store';
import { deliverDueAlerts } from '@/lib/watchlist/deliver';
import { watchlistStore } from '@/lib/watchlist/server-store';
import { PRICE_DROP_STEP } from '@/lib/watchlist/types';

export async function queueWatchAlerts(): Promise<void> {
  await watchlistStore().queue(PRICE_DROP_STEP);
}

/** Without a mail server nothing can be sent: the alerts wait (and no one is asked to subscribe: the route says so). */
export async function deliverWatchAlerts(): Promise<void> {
  const { mail } = parseDeliveryConfig();
  if (!mail) return;
  await deliverDueAlerts({
    store: watchlistStore(),
    throttle: throttleStore(),
    mail,
    site: siteUrl(),
    sessionSecret: (await getAdminCredentials()).sessionSecret,
  });
}
