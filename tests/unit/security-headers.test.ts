import { createHash } from 'node:crypto';
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, createNonce, rpcOrigins, securityHeaders } from '@/lib/http/security-headers';
import { securityHeadersForRequest } from '@/lib/http/request-security';
import { PRESSES_BEFORE_HYDRATION_SCRIPT } from '@/lib/presses-before-hydration';
import { SPLASH_GATE_SCRIPT } from '@/lib/splash';

/** The policy as a map from directive to its sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(policy.split('; ').map((directive) => {
    const [name, ...sources] = directive.split(' ');
    return [name!, sources];
  }));
}

const base = { nonce: 'bm9uY2U=', rpcUrl: 'https://api.devnet.solana.com', production: true };

describe('the Content-Security-Policy', () => {
  it("allows scripts only by this request's nonce and the hashes of the shop's own inline scripts", () => {
    const scripts = directives(contentSecurityPolicy(base)).get('script-src');
    const hash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    expect(scripts).toEqual(expect.arrayContaining(["'nonce-bm9uY2U='", "'strict-dynamic'", hash(SPLASH_GATE_SCRIPT), hash(PRESSES_BEFORE_HYDRATION_SCRIPT)]));
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
  });

  it("allows eval in development only, for React's debugging aids", () => {
    expect(directives(contentSecurityPolicy({ ...base, production: false })).get('script-src')).toContain("'unsafe-eval'");
  });

  it('lets the wallet reach its RPC endpoint and its WebSocket, and nothing else cross-origin', () => {
    expect(directives(contentSecurityPolicy(base)).get('connect-src')).toEqual(["'self'", 'https://api.devnet.solana.com', 'wss://api.devnet.solana.com']);
  });

  it('cannot be framed, and refuses plugins and foreign base URLs and form targets', () => {
    const policy = directives(contentSecurityPolicy(base));
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
  });

  it('shows photos from the shop, data and blob URLs (previews), http(s) addresses and the Supabase project', () => {
    const policy = directives(contentSecurityPolicy({ ...base, supabaseUrl: 'http://127.0.0.1:54321' }));
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:', 'http://127.0.0.1:54321']);
    expect(policy.get('connect-src')).toContain('http://127.0.0.1:54321');
  });
});

describe('rpcOrigins', () => {
  it('adds the port web3.js uses for subscriptions on an explicit port (the next one)', () => {
    expect(rpcOrigins('http://127.0.0.1:8899/')).toEqual(['http://127.0.0.1:8899', 'ws://127.0.0.1:8899', 'ws://127.0.0.1:8900']);
  });

  it('keeps the default port for wss on an https endpoint with a path', () => {
    expect(rpcOrigins('https://rpc.example/some/key')).toEqual(['https://rpc.example', 'wss://rpc.example']);
  });
});

describe('securityHeaders', () => {
  it('sends the framing, sniffing, referrer and permission rules, and HSTS in production only', () => {
    const production = securityHeaders(base);
    expect(production).toMatchObject({
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
    });
    expect(production['permissions-policy']).toContain('camera=()');
    expect(securityHeaders({ ...base, production: false })).not.toHaveProperty('strict-transport-security');
  });

  it('draws a new unguessable nonce for each request', () => {
    const nonces = new Set(Array.from({ length: 100 }, createNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
  });

  it("follows the server's run-time RPC and Supabase settings", () => {
    const headers = securityHeadersForRequest(createNonce(), {
      SOLANA_RPC_URL: 'http://127.0.0.1:9100',
      SUPABASE_URL: 'https://project.supabase.co',
      SUPABASE_ANON_KEY: 'anon',
      SUPABASE_SERVICE_ROLE_KEY: 'service',
      NODE_ENV: 'production',
    });
    const policy = directives(headers['content-security-policy']!);
    expect(policy.get('connect-src')).toEqual(expect.arrayContaining(['http://127.0.0.1:9100', 'ws://127.0.0.1:9101', 'https://project.supabase.co']));
    expect(policy.get('img-src')).toContain('https://project.supabase.co');
  });
});

describe('the proxy', () => {
  it('sets the headers on pages, API answers and static files, and hands Next the nonce', async () => {
    const { proxy } = await import('@/proxy');
    for (const pathname of ['/', '/watches', '/watches/some-id', '/api/sol-price', '/api/admin/orders', '/_next/static/chunks/main.js']) {
      const response = await proxy(new NextRequest(`http://shop.test${pathname}`));
      const policy = response.headers.get('content-security-policy');
      expect(policy, pathname).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/]{22}==' 'strict-dynamic'/);
      expect(response.headers.get('x-frame-options'), pathname).toBe('DENY');
      expect(response.headers.get('x-content-type-options'), pathname).toBe('nosniff');
      if (response.headers.get('x-middleware-next') === '1') {
        expect(response.headers.get('x-middleware-request-content-security-policy'), pathname).toBe(policy);
      }
    }
  });

  it('leaves the public API to its handlers: an order posted without an Origin header is not refused here', async () => {
    const { proxy } = await import('@/proxy');
    const response = await proxy(new NextRequest('http://shop.test/api/orders', { method: 'POST', body: '{}' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('x-middleware-next')).toBe('1');
  });
});
