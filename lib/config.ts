import path from 'node:path';
import { z } from 'zod';

/**
 * The server's environment, parsed once. Every variable is listed with its meaning in
 * `.env.example`; a wrong or half-given setting stops the server with a message naming it.
 */

const optionalText = z
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
  const parsed = optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()).safeParse(env.SITE_URL);
  if (!parsed.success) throw new ConfigError(`SITE_URL: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return new URL(parsed.data ?? 'http://localhost:3000');
}

/** The SOL price service of SPEC §7 (Twelve Data by default). The key never leaves the server. */
export const DEFAULT_PRICE_API_URL = 'https://api.twelvedata.com';

export type PriceConfig = { baseUrl: string; apiKey: string | undefined };

const priceEnvironmentSchema = z.object({
  PRICE_API_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  PRICE_API_KEY: optionalText,
});

export function parsePriceConfig(env: Environment = process.env): PriceConfig {
  const parsed = priceEnvironmentSchema.safeParse(env);
  if (!parsed.success) throw configErrorOf(parsed.error);
  return { baseUrl: parsed.data.PRICE_API_URL ?? DEFAULT_PRICE_API_URL, apiKey: parsed.data.PRICE_API_KEY };
}

export type DatabaseConfig =
  | { kind: 'embedded'; dataDir: string }
  | { kind: 'supabase'; url: string; anonKey: string; serviceRoleKey: string };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export type Environment = Record<string, string | undefined>;

/** Names the variable of the first problem, e.g. "SUPABASE_URL: Invalid URL". */
function configErrorOf(error: z.ZodError): ConfigError {
  const issue = error.issues[0];
  return new ConfigError(`${issue?.path.join('.') ?? 'environment'}: ${issue?.message ?? 'invalid'}`);
}

export function parseDatabaseConfig(env: Environment): DatabaseConfig {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) throw configErrorOf(parsed.error);
  const vars = parsed.data;
  const given = SUPABASE_VARIABLES.filter((name) => vars[name] !== undefined);
  if (given.length === 0) {
    return { kind: 'embedded', dataDir: path.resolve(/* turbopackIgnore: true */ vars.DATA_DIR ?? '.data') };
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
