import 'server-only';
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { sendOrderEmail } from '@/lib/email/send';
import type { ExplorerCluster } from '@/lib/wallet/explorer';
import { enabledChannels, type DeliveryConfig } from './config';
import { retryDelaySeconds } from './retry';
import type { OrderEventStore } from './store';
import { DELIVERY_CHANNELS, type AttemptResult, type ClaimedEvent } from './types';
import { sendWebhook } from './webhook';

/** How many events one claim takes; a pass claims again until nothing is due. */
const BATCH = 20;
/**
 * How long a claimed event stays this instance's: longer than any attempt can take (15 s for a
 * webhook, at most ~60 s for an e-mail), so a lease only lapses when its process died.
 */
export const LEASE_SECONDS = 120;

/** This process, as the lease names it. */
export const INSTANCE_ID = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

export type DeliveryDeps = {
  store: OrderEventStore;
  config: DeliveryConfig;
  chain: ExplorerCluster;
  owner?: string;
  /** Told of each attempt (order id and event type only: no personal data reaches the logs). */
  log?: (line: string) => void;
};

/** One attempt on the event's channel. */
function attempt(event: ClaimedEvent, { config, chain }: DeliveryDeps): Promise<AttemptResult> {
  if (event.channel === 'webhook' && config.webhook) return sendWebhook(config.webhook, event);
  if (event.channel === 'email' && config.mail) return sendOrderEmail(config.mail, event, chain);
  return Promise.resolve({ outcome: 'retry', status: null, error: 'The channel is switched off on this instance' });
}

/**
 * Delivers every due event: skips those of switched-off channels, then claims the rest a batch at
 * a time and sends each. One event failing (even by throwing) never stops the others.
 */
export async function deliverDueEvents(deps: DeliveryDeps): Promise<{ delivered: number; failed: number; retrying: number }> {
  const { store, config, owner = INSTANCE_ID, log = console.info } = deps;
  const channels = enabledChannels(config);
  const off = DELIVERY_CHANNELS.filter((channel) => !channels.includes(channel));
  if (off.length > 0) await store.skip(off);
  const counts = { delivered: 0, failed: 0, retrying: 0 };
  if (channels.length === 0) return counts;
  for (;;) {
    const claimed = await store.claim(owner, channels, BATCH, LEASE_SECONDS);
    for (const event of claimed) {
      const result = await attempt(event, deps).catch(
        (error: unknown): AttemptResult => ({
          outcome: 'retry',
          status: null,
          error: `Could not prepare the message (${error instanceof Error ? error.name : 'error'})`,
        }),
      );
      const retry = result.outcome === 'retry' ? retryDelaySeconds(event.attempts) : null;
      const final: AttemptResult = result.outcome === 'retry' && retry === null ? { ...result, outcome: 'failed' } : result;
      await store.finish(event.id, owner, final, retry);
      counts[final.outcome === 'delivered' ? 'delivered' : final.outcome === 'failed' ? 'failed' : 'retrying'] += 1;
      log(`ORX: ${event.type} of order ${event.orderId} by ${event.channel}: ${final.outcome}, attempt ${event.attempts}`);
    }
    if (claimed.length < BATCH) return counts;
  }
}
