import 'server-only';
import { Webhook } from 'standardwebhooks';
import type { WebhookConfig } from './config';
import { webhookPayload } from './payload';
import type { AttemptResult, ClaimedEvent } from '@/lib/orders/events';

/** An endpoint that has not answered in 15 s has failed this attempt. */
export const WEBHOOK_TIMEOUT_MS = 15_000;

/**
 * One delivery attempt, signed per Standard Webhooks by its own library: `webhook-id` is the
 * event's id (the same on every retry), `webhook-signature` the HMAC-SHA256 of
 * `id.timestamp.body`. Only a 2xx counts; 410 Gone means the endpoint wants no more; redirects
 * are not followed (a 3xx is a failed attempt).
 */
export async function sendWebhook(
  config: WebhookConfig,
  event: ClaimedEvent,
  { timeoutMs = WEBHOOK_TIMEOUT_MS } = {},
): Promise<AttemptResult> {
  const body = JSON.stringify(webhookPayload(event));
  const sentAt = new Date();
  const signature = new Webhook(config.secret).sign(event.id, sentAt, body);
  let response: Response;
  try {
    response = await fetch(config.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'ORX-Webhooks/1',
        'webhook-id': event.id,
        'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
        'webhook-signature': signature,
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    return { outcome: 'retry', status: null, error: networkError(error, timeoutMs) };
  }
  // The answer's body means nothing to the shop; reading it would only hold the connection.
  await response.body?.cancel().catch(() => undefined);
  if (response.status >= 200 && response.status < 300) return { outcome: 'delivered', status: response.status };
  if (response.status === 410) return { outcome: 'failed', status: 410, error: 'The endpoint answered 410 Gone: no more attempts' };
  const redirect = response.status >= 300 && response.status < 400 ? ' (redirects are not followed)' : '';
  return { outcome: 'retry', status: response.status, error: `The endpoint answered ${response.status}${redirect}` };
}

function networkError(error: unknown, timeoutMs: number): string {
  if (error instanceof DOMException && error.name === 'TimeoutError') return `No answer within ${timeoutMs / 1000} s`;
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  const code = typeof cause?.code === 'string' ? cause.code : null;
  return `Could not reach the endpoint${code ? ` (${code})` : ''}`;
}
