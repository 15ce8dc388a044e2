import 'server-only';
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { takeRecipientAllowance, MESSAGES_PER_RECIPIENT_PER_DAY } from '@/lib/email/recipient-allowance';
import { sendOrderEmail } from '@/lib/email/send';
import type { ThrottleStore } from '@/lib/throttle/store';
import type { ExplorerCluster } from '@/lib/wallet/explorer';
import type { MailConfig } from '@/lib/email/send';
import { enabledChannels, type DeliveryConfig } from './config';
import { scheduledAttempt } from './retry';
import type { OrderEventStore } from './store';
import { DELIVERY_CHANNELS, type AttemptResult, type ClaimedEvent } from '@/lib/orders/events';
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
  /** Where each address's messages of the day are counted. */
  throttle: ThrottleStore;
  config: DeliveryConfig;
  chain: ExplorerCluster;
  owner?: string;
  /** Told of each attempt (order id and event type only: no personal data reaches the logs). */
  log?: (line: string) => void;
};

/** One attempt on the event's channel. */
function attempt(event: ClaimedEvent, { config, chain, throttle }: DeliveryDeps): Promise<AttemptResult> {
  if (event.channel === 'webhook' && config.webhook) return sendWebhook(config.webhook, event);
  if (event.channel === 'email' && config.mail) return mailBuyer(config.mail, event, chain, throttle);
  return Promise.resolve({ outcome: 'retry', status: null, error: 'The channel is switched off on this instance' });
}

/**
 * The buyer's e-mail, unless the shop's rules keep it back (docs/email.md): a simulated order is
 * anyone's typed address, so it is mailed only when the operator turned that on; and no address is
 * sent more than its share a day. An event's retries are one message: only its first attempt counts.
 */
async function mailBuyer(mail: MailConfig, event: ClaimedEvent, chain: ExplorerCluster, throttle: ThrottleStore): Promise<AttemptResult> {
  if (event.type === 'order.simulated' && !mail.simulatedOrders) {
    return { outcome: 'skipped', status: null, error: 'E-mails for simulated orders are off (MAIL_SIMULATED_ORDERS)' };
  }
  if (event.attempts === 1 && !(await takeRecipientAllowance(throttle, event.order.email))) {
    return {
      outcome: 'failed',
      status: null,
      error: `Not sent: this address has had ${MESSAGES_PER_RECIPIENT_PER_DAY} messages from the shop in the last day`,
    };
  }
  return sendOrderEmail(mail, event, chain);
}

const COUNTED_AS = { delivered: 'delivered', failed: 'failed', retry: 'retrying', skipped: 'skipped' } as const;

/**
 * Delivers every due event: skips those of switched-off channels, then claims the rest a batch at
 * a time and sends each. One event failing (even by throwing) never stops the others.
 */
export async function deliverDueEvents(deps: DeliveryDeps): Promise<{ delivered: number; failed: number; retrying: number; skipped: number }> {
  const { store, config, owner = INSTANCE_ID, log = console.info } = deps;
  const channels = enabledChannels(config);
  const off = DELIVERY_CHANNELS.filter((channel) => !channels.includes(channel));
  if (off.length > 0) await store.skip(off);
  const counts = { delivered: 0, failed: 0, retrying: 0, skipped: 0 };
  if (channels.length === 0) return counts;
  for (;;) {
    const claimed = await store.claim(owner, channels, BATCH, LEASE_SECONDS);
    for (const event of claimed) {
      const { result: final, retrySeconds } = await scheduledAttempt(event.attempts, () => attempt(event, deps));
      await store.finish(event.id, owner, final, retrySeconds);
      counts[COUNTED_AS[final.outcome]] += 1;
      log(`ORX: ${event.type} of order ${event.orderId} by ${event.channel}: ${final.outcome}, attempt ${event.attempts}`);
    }
    if (claimed.length < BATCH) return counts;
  }
}
