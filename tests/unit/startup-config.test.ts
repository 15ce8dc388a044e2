import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkConfigAtStart, parseHoldBounds, parseTrustedProxyHops, parseUsdcRateMaxAgeMs, parseWorkerConfig } from '@/lib/config';
import { exitUnlessConfigured } from '@/lib/shop/startup';

/** The start-up check refuses malformed settings by name (lib/shop/startup.ts, run by instrumentation.ts). */

describe('the settings checked at start', () => {
  it.each([
    ['PRICE_API_URL', 'api.twelvedata.com/price'],
    ['PRICE_API_URL', 'ftp://prices.example'],
    ['SITE_URL', 'not a url'],
    ['SUPABASE_URL', 'supabase.co'],
    ['TRUSTED_PROXY_HOPS', 'one'],
    ['TRUSTED_PROXY_HOPS', '-1'],
    ['SETTLEMENT_INTERVAL_S', '0'],
    ['SETTLEMENT_INTERVAL_S', '2.5'],
    ['SETTLEMENT_INTERVAL_S', 'ten'],
    ['SETTLEMENT_INTERVAL_S', '3601'],
    ['SETTLEMENT_INTERVAL_S', '99999'],
    ['CRON_SECRET', 'too-short'],
    ['HOLDS_PER_ADDRESS', '0'],
    ['HOLDS_PER_ADDRESS', 'five'],
    ['HOLDS_PER_ADDRESS', '1001'],
    ['HOLDS_PER_NETWORK', '4'],
    ['HOLDS_PER_NETWORK', '-10'],
    ['USDC_RATE_MAX_AGE_S', '59'],
    ['USDC_RATE_MAX_AGE_S', '3601'],
    ['USDC_RATE_MAX_AGE_S', '5m'],
  ])('refuses %s=%s, naming it', (name, value) => {
    expect(() => checkConfigAtStart({ [name]: value })).toThrow(new RegExp(`^${name}: `));
  });

  it('accepts nothing set, and well-formed values', () => {
    expect(() => checkConfigAtStart({})).not.toThrow();
    expect(() =>
      checkConfigAtStart({ PRICE_API_URL: 'http://127.0.0.1:4000', SITE_URL: 'https://orx.example', TRUSTED_PROXY_HOPS: ' 2 ' }),
    ).not.toThrow();
  });

  it('bounds open holds to 5 per address and 10 per network, and USDC to a rate of 5 minutes, unless set otherwise', () => {
    expect(parseHoldBounds({})).toEqual({ perAddress: 5, perNetwork: 10 });
    expect(parseHoldBounds({ HOLDS_PER_ADDRESS: ' 2 ', HOLDS_PER_NETWORK: '40' })).toEqual({ perAddress: 2, perNetwork: 40 });
    // A network holds its addresses: a network bound below the address bound is refused.
    expect(() => parseHoldBounds({ HOLDS_PER_ADDRESS: '12' })).toThrow(/^HOLDS_PER_NETWORK: must be at least HOLDS_PER_ADDRESS/);
    expect(parseUsdcRateMaxAgeMs({})).toBe(300_000);
    expect(parseUsdcRateMaxAgeMs({ USDC_RATE_MAX_AGE_S: '120' })).toBe(120_000);
  });

  it('runs the settlement worker every 10 s unless SETTLEMENT_INTERVAL_S says otherwise; the cron route only with CRON_SECRET', () => {
    expect(parseWorkerConfig({})).toEqual({ intervalMs: 10_000, cronSecret: undefined });
    expect(parseWorkerConfig({ SETTLEMENT_INTERVAL_S: ' 30 ', CRON_SECRET: 'a'.repeat(16) })).toEqual({
      intervalMs: 30_000,
      cronSecret: 'a'.repeat(16),
    });
    expect(parseWorkerConfig({ SETTLEMENT_INTERVAL_S: '', CRON_SECRET: '  ' })).toEqual({ intervalMs: 10_000, cronSecret: undefined });
  });

  it('reads TRUSTED_PROXY_HOPS as a number, 0 when unset', () => {
    expect(parseTrustedProxyHops({})).toBe(0);
    expect(parseTrustedProxyHops({ TRUSTED_PROXY_HOPS: '1' })).toBe(1);
  });
});

describe('the server start', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('stops with a message naming a malformed PRICE_API_URL', async () => {
    vi.stubEnv('PRICE_API_URL', 'twelvedata');
    const exit = vi.spyOn(process, 'exit').mockImplementation(() => undefined as never);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await exitUnlessConfigured();
    expect(error).toHaveBeenCalledWith('ORX cannot start: PRICE_API_URL: must be an http(s) URL');
    expect(exit).toHaveBeenCalledWith(1);
  });
});
