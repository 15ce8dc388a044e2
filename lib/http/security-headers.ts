import { createHash } from 'node:crypto';
import { PRESSES_BEFORE_HYDRATION_SCRIPT } from '@/lib/presses-before-hydration';
import { SPLASH_GATE_SCRIPT } from '@/lib/splash';

/**
 * The security headers every response carries (DESIGN: Admin and security), built here and set
 * once, by proxy.ts. docs/csp.md explains each choice.
 */

export type SecuritySettings = {
  /** A fresh random value per request: Next.js puts it on each of its own scripts. */
  nonce: string;
  /** The wallet's JSON-RPC endpoint (SOLANA_RPC_URL), which the browser calls directly. */
  rpcUrl: string;
  /** SUPABASE_URL when set: its storage serves uploaded watch photos. */
  supabaseUrl?: string;
  production: boolean;
};

/**
 * The wallet's Solflare adapter opens Solflare's web wallet in an iframe when the extension is
 * not installed (@solflare-wallet/sdk).
 */
const SOLFLARE_WEB_WALLET = 'https://connect.solflare.com';

/** Our own inline scripts are constant, so they are allowed by their hash instead of the nonce. */
const INLINE_SCRIPT_HASHES = [SPLASH_GATE_SCRIPT, PRESSES_BEFORE_HYDRATION_SCRIPT].map(
  (script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`,
);

/** 16 random bytes, base64: unguessable, and in the form CSP (and Next.js) accept for a nonce. */
export function createNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
}

/**
 * The endpoints the wallet talks to: the RPC URL's origin, and the WebSocket web3.js derives from
 * it for subscriptions (ws/wss on the same host; on an explicit port, web3.js uses that port + 1).
 */
export function rpcOrigins(rpcUrl: string): string[] {
  const url = new URL(rpcUrl);
  const socket = new URL(url.origin);
  socket.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  const origins = [url.origin, socket.origin];
  if (url.port !== '') {
    socket.port = String(Number(url.port) + 1);
    origins.push(socket.origin);
  }
  return origins;
}

export function contentSecurityPolicy({ nonce, rpcUrl, supabaseUrl, production }: SecuritySettings): string {
  const supabase = supabaseUrl ? [new URL(supabaseUrl).origin] : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // Scripts only with this request's nonce (Next's) or a known hash (ours), and those these load
    // ('strict-dynamic': Next's chunks, the lazily loaded wallet code). Browsers that know
    // 'strict-dynamic' then ignore 'self', which older ones need. React's development build needs
    // eval for its debugging aids.
    'script-src': ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...INLINE_SCRIPT_HASHES, ...(production ? [] : ["'unsafe-eval'"])],
    // Inline style attributes come with the server HTML (next/image, React style props); a nonce
    // cannot cover attributes. Styles cannot run code.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Watch photos may be any http(s) URL the operator typed (SPEC §5); data: and blob: for the
    // wallet icons and photo previews.
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...supabase],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...rpcOrigins(rpcUrl), ...supabase],
    'frame-src': [SOLFLARE_WEB_WALLET],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`)
    .join('; ');
}

/** One year, the minimum the HSTS preload list accepts. */
const HSTS_MAX_AGE_SECONDS = 31_536_000;

export function securityHeaders(settings: SecuritySettings): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(settings),
    // For browsers without frame-ancestors.
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    // The shop uses none of these; the wallet extensions run outside the page's permissions.
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
    ...(settings.production ? { 'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains` } : {}),
  };
}
