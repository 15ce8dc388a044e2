import 'server-only';
import { parseAuthorityKey } from '@/lib/certificate/authority';
import type { Environment } from '@/lib/config';
import { parseChainConfig, parsePaymentsConfig } from './config';

/**
 * Run once at server start: a payment setting that cannot work stops the server (the error names
 * the variable, never its value), and real payments without a certificate authority start with a
 * warning, since every certificate would stay pending.
 */
export function checkPaymentsConfigAtStart(env: Environment = process.env, warn: (message: string) => void = console.warn): void {
  const chain = parseChainConfig(env);
  const payments = parsePaymentsConfig(env);
  if (payments.mode === 'simulated') return;
  if (payments.authorityKey === undefined) {
    warn(
      `ORX: real payments to ${payments.merchant.toBase58()} on ${chain.rpcUrl}, but CERTIFICATE_AUTHORITY_KEY is not set: ` +
        'orders will be paid and their NFT certificates will stay pending until it is.',
    );
    return;
  }
  parseAuthorityKey(payments.authorityKey);
}
