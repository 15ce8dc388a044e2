import { parseChainConfig, parseDatabaseConfig, type Environment } from '@/lib/config';
import { securityHeaders } from './security-headers';

/**
 * The security headers for one request, with its script nonce, from the run-time settings: the
 * wallet's RPC endpoint and the Supabase project can change without a new build, so the policy
 * follows them.
 */
export function securityHeadersForRequest(nonce: string, env: Environment = process.env): Record<string, string> {
  const database = parseDatabaseConfig(env);
  return securityHeaders({
    nonce,
    rpcUrl: parseChainConfig(env).rpcUrl,
    supabaseUrl: database.kind === 'supabase' ? database.url : undefined,
    production: env.NODE_ENV === 'production',
  });
}
