import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, DEFAULT_PRICE_API_URL, parsePriceConfig } from '@/lib/config';
import { createSolPriceCache } from '@/lib/price/cache';
import { DEFAULT_SOL_PRICE, SOL_PRICE_ERROR } from '@/lib/price/constants';
import { formatUsd, usdValue } from '@/lib/price/format';
import { fetchSolUsdPrice } from '@/lib/price/upstream';
import { startPriceStandIn, type PriceStandIn } from '../support/price-stand-in';

let service: PriceStandIn;

beforeAll(async () => {
  service = await startPriceStandIn(150);
});
afterAll(() => service.close());
afterEach(() => {
  service.releaseAnswers();
  service.calls.length = 0;
  service.answer = { price: 150 };
  service.delayMs = 0;
});

/** A cache over the stand-in with a clock the test moves; failures are logged into `logged`. */
function cacheOverStandIn() {
  const clock = { now: Date.parse('2025-01-01T12:00:00Z') };
  const logged: string[] = [];
  const cache = createSolPriceCache({
    fetchPrice: () => fetchSolUsdPrice({ baseUrl: service.url, apiKey: 'test-key' }),
    now: () => clock.now,
    log: (message) => logged.push(message),
  });
  return { cache, clock, logged };
}

describe('the upstream call', () => {
  it('asks GET /price for SOL/USD with the api key and reads the price field', async () => {
    expect(await fetchSolUsdPrice({ baseUrl: service.url, apiKey: 'secret' })).toBe(150);
    expect(service.calls).toHaveLength(1);
    expect(service.calls[0]!.get('symbol')).toBe('SOL/USD');
    expect(service.calls[0]!.get('apikey')).toBe('secret');
  });

  it('keeps a base path and sends no apikey when none is configured', async () => {
    const seen: string[] = [];
    const fetchImpl = (async (url: URL) => {
      seen.push(url.toString());
      return Response.json({ price: '99.5' });
    }) as typeof fetch;
    expect(await fetchSolUsdPrice({ baseUrl: 'https://prices.example/v1', apiKey: undefined }, fetchImpl)).toBe(99.5);
    expect(seen).toEqual(['https://prices.example/v1/price?symbol=SOL%2FUSD']);
  });

  it.each([
    ['a non-numeric price', { price: 'n/a' }],
    ['an empty price', { price: '' }],
    ['a zero price', { price: '0' }],
    ['no price at all (the service reports errors with status 200)', { code: 401, status: 'error' }],
  ])('treats %s as a failure', async (_, body) => {
    service.answer = { body };
    await expect(fetchSolUsdPrice({ baseUrl: service.url, apiKey: undefined })).rejects.toThrow(/no usable price/);
  });

  it('fails on an error status and on a service slower than the time limit', async () => {
    service.answer = { status: 503 };
    await expect(fetchSolUsdPrice({ baseUrl: service.url, apiKey: undefined })).rejects.toThrow(/503/);
    service.answer = { price: 150 };
    service.delayMs = 300;
    await expect(fetchSolUsdPrice({ baseUrl: service.url, apiKey: undefined }, fetch, 50)).rejects.toThrow();
  });
});

describe('the price cache', () => {
  it('answers 180.25, stale, before any success', async () => {
    service.answer = { status: 500 };
    const { cache, logged } = cacheOverStandIn();
    expect(await cache.read()).toEqual({ price: DEFAULT_SOL_PRICE, updatedAt: null, stale: true, error: SOL_PRICE_ERROR });
    expect(DEFAULT_SOL_PRICE).toBe(180.25);
    expect(logged).toEqual([SOL_PRICE_ERROR]);
  });

  it('makes no upstream call for 30 s after a fetch, then fetches again', async () => {
    const { cache, clock } = cacheOverStandIn();
    expect(await cache.read()).toEqual({ price: 150, updatedAt: '2025-01-01T12:00:00.000Z', stale: false });
    service.answer = { price: 160 };
    clock.now += 29_999;
    expect((await cache.read()).price).toBe(150);
    expect(service.calls).toHaveLength(1);
    clock.now += 1;
    expect(await cache.read()).toEqual({ price: 160, updatedAt: '2025-01-01T12:00:30.000Z', stale: false });
    expect(service.calls).toHaveLength(2);
  });

  it('answers the last good price while a slow service is asked again, and the new one once it has answered', async () => {
    const { cache, clock } = cacheOverStandIn();
    await cache.read();
    service.answer = { price: 170 };
    service.holdAnswers();
    clock.now += 30_000;
    // Answered while the service has not answered yet: no read waits for it.
    expect(await cache.read()).toMatchObject({ price: 150, stale: true });
    expect(await cache.read()).toMatchObject({ price: 150, stale: true });
    expect(service.calls).toHaveLength(2);
    service.releaseAnswers();
    await vi.waitFor(async () => expect(await cache.read()).toMatchObject({ price: 170, stale: false }), { timeout: 3_000 });
    expect(service.calls).toHaveLength(2);
  });

  it('waits for the service on the first read, when there is no price to answer yet', async () => {
    service.delayMs = 500;
    const { cache } = cacheOverStandIn();
    expect(await cache.read()).toMatchObject({ price: 150, stale: false });
  });

  it('makes one upstream call for 10 concurrent reads', async () => {
    service.delayMs = 100;
    const { cache } = cacheOverStandIn();
    const answers = await Promise.all(Array.from({ length: 10 }, () => cache.read()));
    expect(service.calls).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.price))).toEqual(new Set([150]));
  });

  it('keeps the last good price and records the error when the service fails, then recovers', async () => {
    const { cache, clock, logged } = cacheOverStandIn();
    await cache.read();
    service.answer = { body: { price: 'garbage' } };
    clock.now += 30_000;
    expect(await cache.read()).toEqual({
      price: 150,
      updatedAt: '2025-01-01T12:00:00.000Z',
      stale: true,
      error: SOL_PRICE_ERROR,
    });
    expect(logged).toEqual([SOL_PRICE_ERROR]);
    // A failing service is asked again only after the interval, not on every request.
    clock.now += 10_000;
    await cache.read();
    expect(service.calls).toHaveLength(2);
    service.answer = { price: 155.5 };
    clock.now += 20_000;
    expect(await cache.read()).toEqual({ price: 155.5, updatedAt: '2025-01-01T12:01:00.000Z', stale: false });
  });
});

describe('GET /api/sol-price', () => {
  const keys = ['PRICE_API_URL', 'PRICE_API_KEY'] as const;
  const saved = keys.map((key) => process.env[key]);

  async function freshRoute() {
    delete (globalThis as { __orxSolPrice?: unknown }).__orxSolPrice;
    process.env.PRICE_API_URL = service.url;
    process.env.PRICE_API_KEY = 'server-key';
    vi.resetModules();
    return import('@/app/api/sol-price/route');
  }

  afterEach(() => {
    keys.forEach((key, index) => {
      if (saved[index] === undefined) delete process.env[key];
      else process.env[key] = saved[index];
    });
    delete (globalThis as { __orxSolPrice?: unknown }).__orxSolPrice;
  });

  it('answers the price as JSON with a 30 s cache header', async () => {
    const { GET } = await freshRoute();
    const response = await GET();
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=30');
    const body = await response.json();
    expect(body).toMatchObject({ price: 150, stale: false });
    expect(Date.parse(body.updatedAt)).not.toBeNaN();
    expect(service.calls[0]!.get('apikey')).toBe('server-key');
  });

  it('answers 200 with the default price and the error when the service is down', async () => {
    service.answer = { status: 502 };
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { GET } = await freshRoute();
    const response = await GET();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ price: 180.25, updatedAt: null, stale: true, error: 'Failed to fetch SOL price' });
    errors.mockRestore();
  });
});

describe('the price configuration', () => {
  it('defaults to Twelve Data without a key', () => {
    expect(parsePriceConfig({})).toEqual({ baseUrl: DEFAULT_PRICE_API_URL, apiKey: undefined });
    expect(DEFAULT_PRICE_API_URL).toBe('https://api.twelvedata.com');
  });

  it('refuses a price URL that is not http(s), naming the variable', () => {
    expect(() => parsePriceConfig({ PRICE_API_URL: 'ftp://prices' })).toThrow(ConfigError);
    expect(() => parsePriceConfig({ PRICE_API_URL: 'not a url' })).toThrow(/^PRICE_API_URL: /);
  });
});

describe('USD values', () => {
  it('is price_sol times the rate, to 2 decimals', () => {
    expect(usdValue(232.14, 180.25)).toBe(41843.24);
    expect(formatUsd(232.14, 180.25)).toBe('$41,843.24');
    expect(formatUsd(1, 150)).toBe('$150.00');
  });
});
