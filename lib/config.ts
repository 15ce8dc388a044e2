import 'server-only';
import path from 'node:path';
import { z } from '@/lib/zod';
import { DEFAULT_SITE_URL } from './default-site-url';

/**
 * The server's environment, parsed once. Every variable is listed with its meaning in
 * `.env.example`; a wrong or half-given setting stops the server with a message naming it.
 */

export const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const environmentSchema = z.object({
  DATA_DIR: optionalText,
  SUPABASE_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  SUPABASE_ANON_KEY: optionalText,
  SUPABASE_SERVICE_ROLE_KEY: optionalText,
});

/** All three are needed together: the anonymous key reads the catalogue, the service key writes. */
const SUPABASE_VARIABLES = ['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY'] as const;

/**
 * The shop's public address, for canonical URLs, the sitemap and OpenGraph. SITE_URL in
 * production; the local address in development.
 */
export function siteUrl(env: Environment = process.env): URL {
  const { SITE_URL } = parseEnvironment(siteSchema, env);
  return new URL(SITE_URL ?? DEFAULT_SITE_URL);
}

const siteSchema = z.object({ SITE_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()) });

/** The SOL price service of SPEC §7 (Twelve Data by default). The key never leaves the server. */
export const DEFAULT_PRICE_API_URL = 'https://api.twelvedata.com';

export type PriceConfig = { baseUrl: string; apiKey: string | undefined };

const priceEnvironmentSchema = z.object({
  PRICE_API_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  PRICE_API_KEY: optionalText,
});

export function parsePriceConfig(env: Environment = process.env): PriceConfig {
  const vars = parseEnvironment(priceEnvironmentSchema, env);
  return { baseUrl: vars.PRICE_API_URL ?? DEFAULT_PRICE_API_URL, apiKey: vars.PRICE_API_KEY };
}

/**
 * How many proxies in front of the server append the address they saw to X-Forwarded-For (0: none,
 * and then no forwarding header is believed). Decides the client address of the rate limits;
 * docs/security.md gives the value for Vercel and nginx.
 */
const proxySchema = z.object({
  TRUSTED_PROXY_HOPS: optionalText.pipe(
    z.string().regex(/^\d{1,2}$/, 'must be a whole number of proxies, 0 or more').transform(Number).optional(),
  ),
});

export function parseTrustedProxyHops(env: Environment = process.env): number {
  return parseEnvironment(proxySchema, env).TRUSTED_PROXY_HOPS ?? 0;
}

/**
 * Open payment intents (holds) at most per client address and per network (IPv4 /24, IPv6 /48),
 * counted on the address the server or its trusted proxy saw (HOLDS_PER_ADDRESS, 5 by default;
 * HOLDS_PER_NETWORK, 10): a household buys a watch or two at a time, a script does not hold the shop.
 */
export const DEFAULT_HOLDS_PER_ADDRESS = 5;
export const DEFAULT_HOLDS_PER_NETWORK = 10;
const MAX_HOLDS = 1000;

export type HoldBounds = { perAddress: number; perNetwork: number };

const holdCount = z
  .string()
  .regex(/^\d{1,4}$/, `must be a whole number of holds, 1 to ${MAX_HOLDS}`)
  .transform(Number)
  .refine((count) => count >= 1 && count <= MAX_HOLDS, `must be 1 to ${MAX_HOLDS} holds`);

const holdSchema = z
  .object({ HOLDS_PER_ADDRESS: optionalText.pipe(holdCount.optional()), HOLDS_PER_NETWORK: optionalText.pipe(holdCount.optional()) })
  .transform((vars) => ({ perAddress: vars.HOLDS_PER_ADDRESS ?? DEFAULT_HOLDS_PER_ADDRESS, perNetwork: vars.HOLDS_PER_NETWORK ?? DEFAULT_HOLDS_PER_NETWORK }))
  // A network holds each of its addresses: a smaller network bound would quietly lower the address one.
  .refine((bounds) => bounds.perNetwork >= bounds.perAddress, { path: ['HOLDS_PER_NETWORK'], error: 'must be at least HOLDS_PER_ADDRESS' });

export function parseHoldBounds(env: Environment = process.env): HoldBounds {
  return parseEnvironment(holdSchema, env);
}

/**
 * How old the SOL/USD rate may be for a USDC intent (USDC_RATE_MAX_AGE_S, 300 s by default): USDC
 * is asked at the rate of the moment, never at an old one or the spec's made-up fallback. At least a
 * minute, since the price cache refreshes every 30 s.
 */
export const DEFAULT_USDC_RATE_MAX_AGE_S = 300;
const MIN_USDC_RATE_MAX_AGE_S = 60;
const MAX_USDC_RATE_MAX_AGE_S = 3600;

const usdcRateSchema = z.object({
  USDC_RATE_MAX_AGE_S: optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,4}$/, `must be a whole number of seconds, ${MIN_USDC_RATE_MAX_AGE_S} to ${MAX_USDC_RATE_MAX_AGE_S}`)
      .transform(Number)
      .refine(
        (seconds) => seconds >= MIN_USDC_RATE_MAX_AGE_S && seconds <= MAX_USDC_RATE_MAX_AGE_S,
        `must be ${MIN_USDC_RATE_MAX_AGE_S} to ${MAX_USDC_RATE_MAX_AGE_S} seconds`,
      )
      .optional(),
  ),
});

export function parseUsdcRateMaxAgeMs(env: Environment = process.env): number {
  return (parseEnvironment(usdcRateSchema, env).USDC_RATE_MAX_AGE_S ?? DEFAULT_USDC_RATE_MAX_AGE_S) * 1000;
}

/**
 * The chain, read at run time so one build serves Devnet, a local chain or any other cluster: the
 * server's RPC endpoint, handed to the browser too (GET /api/wallet-config, the CSP).
 */
export const DEFAULT_SOLANA_RPC_URL = 'https://api.devnet.solana.com';

/** The explorers' name for a cluster (Solscan, Explorer); 'custom' for a local chain or any other. */
export type Cluster = 'devnet' | 'testnet' | 'mainnet-beta' | 'custom';
export type ChainConfig = { rpcUrl: string; cluster: Cluster };

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

const chainSchema = z.object({
  SOLANA_RPC_URL: optionalText.pipe(httpUrl.optional()),
  // The name the first release used, baked in at build time; still honoured when the new one is unset.
  NEXT_PUBLIC_SOLANA_RPC_URL: optionalText.pipe(httpUrl.optional()),
});

export function parseChainConfig(env: Environment = process.env): ChainConfig {
  const vars = parseEnvironment(chainSchema, env);
  const rpcUrl = vars.SOLANA_RPC_URL ?? vars.NEXT_PUBLIC_SOLANA_RPC_URL ?? DEFAULT_SOLANA_RPC_URL;
  return { rpcUrl, cluster: clusterOf(rpcUrl) };
}

/** The explorers' name for the cluster an RPC endpoint serves; 'custom' for anything else (a local chain). */
export function clusterOf(rpcUrl: string): Cluster {
  const host = new URL(rpcUrl).hostname;
  if (host.includes('devnet')) return 'devnet';
  if (host.includes('testnet')) return 'testnet';
  if (host.includes('mainnet')) return 'mainnet-beta';
  return 'custom';
}

/**
 * The settlement worker (lib/jobs): how often each server process runs it (SETTLEMENT_INTERVAL_S,
 * 10 s by default), and the secret of `POST /api/jobs/settle` for hosts without a long-lived
 * process (CRON_SECRET; unset, the route does not exist).
 */
export const DEFAULT_SETTLEMENT_INTERVAL_S = 10;
const MAX_SETTLEMENT_INTERVAL_S = 3600;
export const CRON_SECRET_MIN_LENGTH = 16;

export type WorkerConfig = { intervalMs: number; cronSecret: string | undefined };

const workerSchema = z.object({
  SETTLEMENT_INTERVAL_S: optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,4}$/, `must be a whole number of seconds, 1 to ${MAX_SETTLEMENT_INTERVAL_S}`)
      .transform(Number)
      .refine((seconds) => seconds >= 1 && seconds <= MAX_SETTLEMENT_INTERVAL_S, `must be 1 to ${MAX_SETTLEMENT_INTERVAL_S} seconds`)
      .optional(),
  ),
  CRON_SECRET: optionalText.pipe(
    z.string().min(CRON_SECRET_MIN_LENGTH, `must be at least ${CRON_SECRET_MIN_LENGTH} characters`).optional(),
  ),
});

export function parseWorkerConfig(env: Environment = process.env): WorkerConfig {
  const vars = parseEnvironment(workerSchema, env);
  return { intervalMs: (vars.SETTLEMENT_INTERVAL_S ?? DEFAULT_SETTLEMENT_INTERVAL_S) * 1000, cronSecret: vars.CRON_SECRET };
}

/**
 * Every setting of this module read once, at server start (lib/shop/startup.ts): a malformed URL or
 * number stops the server with a message naming the variable, instead of failing each request.
 */
export function checkConfigAtStart(env: Environment = process.env): void {
  parseDatabaseConfig(env);
  siteUrl(env);
  parsePriceConfig(env);
  parseTrustedProxyHops(env);
  parseWorkerConfig(env);
  parseHoldBounds(env);
  parseUsdcRateMaxAgeMs(env);
}

export type DatabaseConfig =
  | { kind: 'embedded'; dataDir: string }
  | { kind: 'supabase'; url: string; anonKey: string; serviceRoleKey: string };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export type Environment = Record<string, string | undefined>;

/** The variables a schema reads, or a ConfigError naming the first wrong one. */
export function parseEnvironment<T>(schema: z.ZodType<T>, env: Environment): T {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new ConfigError(`${issue?.path.join('.') ?? 'environment'}: ${issue?.message ?? 'invalid'}`);
}

export function parseDatabaseConfig(env: Environment): DatabaseConfig {
  const vars = parseEnvironment(environmentSchema, env);
  const given = SUPABASE_VARIABLES.filter((name) => vars[name] !== undefined);
  if (given.length === 0) {
    return { kind: 'embedded', dataDir: dataDirOf(vars) };
  }
  const missing = SUPABASE_VARIABLES.filter((name) => vars[name] === undefined);
  if (missing.length > 0) {
    throw new ConfigError(
      `Supabase is half configured: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing ` +
        `(set all of ${SUPABASE_VARIABLES.join(', ')}, or none to use the embedded database).`,
    );
  }
  return {
    kind: 'supabase',
    url: vars.SUPABASE_URL!,
    anonKey: vars.SUPABASE_ANON_KEY!,
    serviceRoleKey: vars.SUPABASE_SERVICE_ROLE_KEY!,
  };
}

/** The folder of the server's own files: the embedded database and development credentials. */
export function dataDirOf(vars: { DATA_DIR?: string }): string {
  return path.resolve(/* turbopackIgnore: true */ vars.DATA_DIR ?? '.data');
}
