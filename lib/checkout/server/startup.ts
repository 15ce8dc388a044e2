import 'server-only';
import { getMint, TokenAccountNotFoundError, TokenInvalidAccountOwnerError } from '@solana/spl-token';
import { Connection } from '@solana/web3.js';
import { parseAuthorityKey } from '@/lib/certificate/authority';
import { USDC_DECIMALS } from '@/lib/chain/currencies';
import { parseChainConfig, parseTrustedProxyHops, type Environment } from '@/lib/config';
import { parsePaymentsConfig } from '@/lib/chain/config';
import { FRONT_DOOR_FLAG } from '@/lib/http/client-address';

/**
 * Run once at server start: a payment setting that cannot work stops the server (the error names
 * the variable, never its value), and real payments start with a warning without a certificate
 * authority (every certificate would stay pending) or when the per-client limits cannot know a
 * client's address: no trusted proxy, and not run by ORX's server (lib/front-door/), which hands them
 * the socket's (under a bare `next start` they count whatever address a client writes).
 */
export function checkPaymentsConfigAtStart(env: Environment = process.env, warn: (message: string) => void = console.warn): void {
  const chain = parseChainConfig(env);
  const payments = parsePaymentsConfig(env);
  if (payments.mode === 'simulated') return;
  if (parseTrustedProxyHops(env) === 0 && env[FRONT_DOOR_FLAG] !== '1') {
    warn(
      'ORX: real payments with TRUSTED_PROXY_HOPS=0 and not under ORX\'s server: next start does not add the address it saw to a client\'s own X-Forwarded-For, ' +
        'so the per-client limits count the address a client claims (a hold still needs a signed-in wallet). ' +
        'Start the shop with npm start (ORX\'s server), or serve it behind a proxy that appends the address and set TRUSTED_PROXY_HOPS (docs/security.md).',
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

/**
 * With USDC on, the mint must be a token mint of 6 decimals on the cluster the shop runs on:
 * otherwise every USDC intent would ask for a token nobody can send, or the wrong amount of it.
 * A node that cannot be reached at start does not stop the shop (it is asked again at every
 * payment); it is said so.
 */
export async function checkUsdcMintAtStart(env: Environment = process.env, warn: (message: string) => void = console.warn): Promise<void> {
  const payments = parsePaymentsConfig(env);
  if (payments.mode === 'simulated' || !payments.usdcMint) return;
  const { rpcUrl } = parseChainConfig(env);
  const mint = payments.usdcMint.toBase58();
  let decimals: number;
  try {
    decimals = (await getMint(new Connection(rpcUrl, 'confirmed'), payments.usdcMint)).decimals;
  } catch (error) {
    if (error instanceof TokenAccountNotFoundError || error instanceof TokenInvalidAccountOwnerError) {
      throw new Error(`USDC_MINT ${mint} is not a token mint on ${rpcUrl}: set the USDC mint of this cluster, or take SOL only (PAYMENT_CURRENCIES=SOL).`);
    }
    warn(`ORX: could not check USDC_MINT ${mint} on ${rpcUrl} at start (${error instanceof Error ? error.message : String(error)}).`);
    return;
  }
  if (decimals !== USDC_DECIMALS) {
    throw new Error(`USDC_MINT ${mint} has ${decimals} decimals on ${rpcUrl}; USDC has ${USDC_DECIMALS}. Set the USDC mint of this cluster.`);
  }
}
