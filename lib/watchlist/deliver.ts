import 'server-only';
import { LEASE_SECONDS, INSTANCE_ID } from '@/lib/events/deliver';
import { scheduledAttempt } from '@/lib/events/retry';
import { takeRecipientAllowance, MESSAGES_PER_RECIPIENT_PER_DAY } from '@/lib/email/recipient-allowance';
import { renderEmail } from '@/lib/email/render';
import { sendEmail, type MailConfig } from '@/lib/email/send';
import type { AttemptResult } from '@/lib/orders/events';
import type { ThrottleStore } from '@/lib/throttle/store';
import { alertEmailContent } from './messages';
import type { WatchlistStore } from './store';
import { watcherToken } from './tokens';
import { ALERTS_PER_WATCHER_PER_DAY, type ClaimedAlert } from './types';

/** How many watchers one claim takes; a pass claims again until nothing is due. */
const BATCH = 20;

export type AlertDeliveryDeps = {
  store: WatchlistStore;
  throttle: ThrottleStore;
  mail: MailConfig;
  site: URL;
  sessionSecret: string;
  owner?: string;
  /** Told of each e-mail (its kind and how many alerts: no address reaches the logs). */
  log?: (line: string) => void;
};

/**
 * The e-mails a claim makes: each confirmation and each alert within the day's share alone, and a
 * watcher's alerts that waited for the digest together.
 */
function emailsOf(claimed: ClaimedAlert[]): ClaimedAlert[][] {
  const digests = new Map<string, ClaimedAlert[]>();
  const emails: ClaimedAlert[][] = [];
  for (const alert of claimed) {
    if (!alert.digest) emails.push([alert]);
    else if (digests.has(alert.watcherId)) digests.get(alert.watcherId)!.push(alert);
    else {
      const digest = [alert];
      digests.set(alert.watcherId, digest);
      emails.push(digest);
    }
  }
  return emails;
}

/** The RFC 8058 one-click unsubscribe, which mail clients show as their own Unsubscribe button. */
function unsubscribeHeaders(oneClick: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

async function send(alerts: ClaimedAlert[], deps: AlertDeliveryDeps): Promise<AttemptResult> {
  const [first] = alerts as [ClaimedAlert, ...ClaimedAlert[]];
  // The day's share of the address is counted once per message, on its first attempt.
  if (first.attempts === 1 && !(await takeRecipientAllowance(deps.throttle, first.email))) {
    return { outcome: 'failed', status: null, error: `Not sent: this address has had ${MESSAGES_PER_RECIPIENT_PER_DAY} messages from the shop in the last day` };
  }
  const token = (purpose: 'confirm' | 'unsubscribe') => encodeURIComponent(watcherToken(first.watcherId, purpose, deps.sessionSecret));
  const links = {
    site: deps.site,
    confirm: new URL(`/watchlist/confirm?token=${token('confirm')}`, deps.site).toString(),
    unsubscribe: new URL(`/watchlist/unsubscribe?token=${token('unsubscribe')}`, deps.site).toString(),
  };
  const oneClick = new URL(`/api/watchlist/unsubscribe?token=${token('unsubscribe')}`, deps.site).toString();
  const message = await renderEmail(alertEmailContent(alerts, links));
  return sendEmail(deps.mail, { to: first.email, id: first.id, message, headers: unsubscribeHeaders(oneClick) });
}

/**
 * Sends every due watchlist e-mail. One failing (even by throwing) never stops the others; a
 * failure to reach the mail server is retried on the order e-mails' schedule.
 */
export async function deliverDueAlerts(deps: AlertDeliveryDeps): Promise<{ sent: number; failed: number; retrying: number }> {
  const { store, owner = INSTANCE_ID, log = console.info } = deps;
  const counts = { sent: 0, failed: 0, retrying: 0 };
  for (;;) {
    const claimed = await store.claim(owner, BATCH, LEASE_SECONDS, ALERTS_PER_WATCHER_PER_DAY);
    for (const alerts of emailsOf(claimed)) {
      const attempts = Math.max(...alerts.map((alert) => alert.attempts));
      const { result: final, retrySeconds } = await scheduledAttempt(attempts, () => send(alerts, deps));
      await store.finish(
        alerts.map((alert) => alert.id),
        owner,
        final,
        retrySeconds,
      );
      counts[final.outcome === 'delivered' ? 'sent' : final.outcome === 'retry' ? 'retrying' : 'failed'] += 1;
      log(`ORX: watchlist ${alerts.length > 1 ? `digest of ${alerts.length} alerts` : alerts[0]!.kind}: ${final.outcome}, attempt ${attempts}`);
    }
    if (claimed.length === 0) return counts;
  }
}
