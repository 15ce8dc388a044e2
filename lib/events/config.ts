import 'server-only';
import { z } from '@/lib/zod';
import { ConfigError, optionalText, parseEnvironment, type Environment } from '@/lib/config';
import type { MailConfig } from '@/lib/email/send';
import type { DeliveryChannel } from '@/lib/orders/events';

/**
 * Where order events go: the operator's webhook endpoint (Standard Webhooks) and the buyer's
 * e-mail through an SMTP server. Each channel is on only when both its settings are given.
 */
export type WebhookConfig = { url: string; secret: string };
export type DeliveryConfig = { webhook: WebhookConfig | null; mail: MailConfig | null };

/** Standard Webhooks secrets: `whsec_` and 24 to 64 random bytes in base64. */
const WEBHOOK_SECRET = /^whsec_[A-Za-z0-9+/]+={0,2}$/;

const secretBytes = (secret: string) => Buffer.from(secret.slice('whsec_'.length), 'base64').length;

/** A bare address or `Name <address>`, on one line. */
const MAIL_FROM = /^(?:[^<>\r\n]{0,100}<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/;

const deliverySchema = z.object({
  ORDER_WEBHOOK_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  ORDER_WEBHOOK_SECRET: optionalText.pipe(
    z
      .string()
      .refine(
        (secret) => WEBHOOK_SECRET.test(secret) && secretBytes(secret) >= 24 && secretBytes(secret) <= 64,
        'must be a Standard Webhooks secret: whsec_ followed by 24 to 64 random bytes in base64',
      )
      .optional(),
  ),
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional()),
  MAIL_FROM: optionalText.pipe(z.string().regex(MAIL_FROM, 'must be an address, or a name and <address>').optional()),
  MAIL_SIMULATED_ORDERS: optionalText.pipe(z.enum(['on', 'off'], { error: 'must be on or off' }).optional()),
});

function pair<A extends string, B extends string>(vars: Partial<Record<A | B, string>>, a: A, b: B, what: string) {
  const first = vars[a];
  const second = vars[b];
  if (first === undefined && second === undefined) return null;
  if (first === undefined || second === undefined) {
    throw new ConfigError(`${what} is half configured: set both ${a} and ${b}, or neither to switch it off.`);
  }
  return [first, second] as const;
}

export function parseDeliveryConfig(env: Environment = process.env): DeliveryConfig {
  const vars = parseEnvironment(deliverySchema, env);
  const webhook = pair(vars, 'ORDER_WEBHOOK_URL', 'ORDER_WEBHOOK_SECRET', 'The order webhook');
  const mail = pair(vars, 'SMTP_URL', 'MAIL_FROM', 'E-mail to buyers');
  return {
    webhook: webhook && { url: webhook[0], secret: webhook[1] },
    mail: mail && { smtpUrl: mail[0], from: mail[1], simulatedOrders: vars.MAIL_SIMULATED_ORDERS === 'on' },
  };
}

/** The channels this configuration sends on. */
export function enabledChannels(config: DeliveryConfig): DeliveryChannel[] {
  return [...(config.webhook ? (['webhook'] as const) : []), ...(config.mail ? (['email'] as const) : [])];
}

/** Run once at start: a wrong setting stops the server; a channel that is off is said once. */
export function checkDeliveryConfigAtStart(env: Environment = process.env, say: (message: string) => void = console.info): void {
  const config = parseDeliveryConfig(env);
  if (!config.webhook) say('ORX: the order webhook is off (ORDER_WEBHOOK_URL and ORDER_WEBHOOK_SECRET are not set).');
  if (!config.mail) say('ORX: e-mails to buyers are off (SMTP_URL and MAIL_FROM are not set).');
}
