import 'server-only';
import { parseAuthorityKey } from '@/lib/certificate/authority';
import { parseChainConfig, parseTrustedProxyHops, type Environment } from '@/lib/config';
import { parsePaymentsConfig } from '@/lib/chain/config';

/**
 * Run once at server start: a payment setting that cannot work stops the server (the error names
 * the variable, never its value), and real payments start with a warning without a certificate
 * authority (every certificate would stay pending) or without a trusted proxy (the per-client
 * limits would count whatever address a client writes: `next start` adds none of its own).
 */
export function checkPaymentsConfigAtStart(env: Environment = process.env, warn: (message: string) => void = console.warn): void {
  const chain = parseChainConfig(env);
  const payments = parsePaymentsConfig(env);
  if (payments.mode === 'simulated') return;
  if (parseTrustedProxyHops(env) === 0) {
    warn(
      'ORX: real payments with TRUSTED_PROXY_HOPS=0: next start does not add the address it saw to a client\'s own X-Forwarded-For, ' +
        'so the per-client limits count the address a client claims (a hold still needs a signed-in wallet). ' +
        'Serve the shop behind a proxy that appends it and set TRUSTED_PROXY_HOPS (docs/security.md).',
    );
  }
  if (payments.authorityKey === undefined) {
    warn(
      `ORX: real payments to ${payments.merchant.toBase58()} on ${chain.rpcUrl}, but CERTIFICATE_AUTHORITY_KEY is not set: ` +
        'orders will be paid and their NFT certificates will stay pending until it is.',
    );
    return;
  }
  parseAuthorityKey(payments.authorityKey);
}
