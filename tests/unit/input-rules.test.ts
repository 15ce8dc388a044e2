import fs from 'node:fs';
import fc from 'fast-check';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LoginThrottle } from '@/lib/auth/login-throttle';
import type { Watch } from '@/lib/catalog/types';
import { prepareEmbeddedAdminEnvironment } from '../support/embedded-admin-env';
import { orderFixture } from '../support/purchase-fixtures';

/**
 * One set of rules (issue 13, DESIGN): for generated inputs biased to the limits, whatever the
 * zod schema of the order, the watch form and the login accepts is stored by the real embedded
 * database through the real route handlers (never a 5xx), and whatever it refuses is a 400 that
 * writes nothing. Then the probes, by name.
 */

const dataDir = await prepareEmbeddedAdminEnvironment('input-rules', 'the right password');

const { getStores } = await import('@/lib/shop/stores');
const { SESSION_COOKIE } = await import('@/lib/auth/session');
const { staffCookie } = await import('../support/staff-session');
const { closeEmbeddedDatabase, openEmbeddedDatabase } = await import('@/lib/db/embedded');
const { orderInputSchema } = await import('@/lib/orders/schema');
const { watchInputSchema } = await import('@/lib/catalog/schema');
const { logIn } = await import('@/lib/admin/session-routes');
const { createLoginThrottle } = await import('@/lib/auth/login-throttle');
const { simulatedSignature } = await import('@/lib/checkout/browser/signature');
const { MINT_USD_PER_SOL } = await import('@/lib/checkout/constants');
const { DataRefusedError } = await import('@/lib/db/refusal');
const { refusalAsHttpError } = await import('@/lib/http/refusal');
const { unwrap } = await import('@/lib/db/supabase');
const ordersRoute = await import('@/app/api/orders/route');
const watchesRoute = await import('@/app/api/admin/watches/route');

const ORIGIN = 'http://shop.test';
let cookie: string;
let watch: Watch;

beforeAll(async () => {
  cookie = await staffCookie();
  watch = (await getStores().catalog.listAll()).find((each) => each.available)!;
});

afterAll(async () => {
  await closeEmbeddedDatabase(dataDir);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Characters at the edges of what text may hold: controls (NUL), lone surrogates, wide ones, slashes. */
const TRICKY = ['\u0000', '\t', '\n', '\r', '\u001f', '\u007f', '\ud800', '\udc00', '😀', 'é', '\u00a0', '\u200b', ' ', '@', '/', '\\', 'a', 'Z', '1', '.'];

/** Text biased to a length limit and to tricky characters. */
function edgyText(max: number): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ unit: fc.constantFrom(...TRICKY), maxLength: 12 }),
    fc.integer({ min: max - 1, max: max + 1 }).map((length) => 'x'.repeat(length)),
    fc.integer({ min: max - 1, max: max + 1 }).map((length) => ` ${'é'.repeat(length)} `),
    fc.tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...TRICKY), fc.string({ maxLength: 8 })).map((parts) => parts.join('')),
    fc.string({ unit: 'binary', maxLength: 20 }),
  );
}

const email = fc.oneof(
  edgyText(254),
  fc.constantFrom('@x', 'a@', '@', ' @x', 'a@b', 'ada@example.com', ' ada@example.com ', 'a\u0000@b', '😀@😀', '\t@x'),
);

/** Numbers at the ends of numeric(18, 9) and numeric(14, 2), and JSON's oddities. */
const amount = fc.oneof(
  fc.constantFrom(0, -0, 1e9, 1e9 - 1e-7, 999_999_999, 999_999_999.99, 1e21, -1, Number.MIN_VALUE, 0.0000000001, 123.456789123),
  fc.double({ min: 0, max: 2e9, noNaN: true }),
);

const base58 = (min: number, max: number) =>
  fc.oneof(
    fc.string({ unit: fc.constantFrom(...'123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'), minLength: min - 1, maxLength: max + 1 }),
    fc.constantFrom('0OIl'.repeat(11), ''),
  );

let buyers = 0;

/** Each order comes from another buyer's address, so the per-client order limit stays out of the way. */
function postOrder(body: unknown) {
  buyers += 1;
  const address = `10.${(buyers >> 16) & 255}.${(buyers >> 8) & 255}.${buyers & 255}`;
  return ordersRoute.POST(
    new NextRequest(`${ORIGIN}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify(body),
    }),
  );
}

function postWatch(body: unknown) {
  return watchesRoute.POST(
    new NextRequest(`${ORIGIN}/api/admin/watches`, {
      method: 'POST',
      headers: { host: 'shop.test', origin: ORIGIN, cookie: `${SESSION_COOKIE}=${cookie}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
    { params: Promise.resolve({}) },
  );
}

const storedOrder = (txHash: unknown) => (typeof txHash === 'string' ? getStores().orders.findByTxHash(txHash) : Promise.resolve(null));

describe('the order schema and the orders table', () => {
  it('stores whatever zod accepts, through POST /api/orders, and refuses the rest with a 400 that writes nothing', async () => {
    const order = fc.record({
      wallet: fc.oneof(fc.constant('9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'), base58(32, 44)),
      txHash: fc.oneof(fc.constant(null).map(() => simulatedSignature()), base58(43, 88)),
      usdAmount: amount,
      name: edgyText(200),
      phone: edgyText(40),
      email,
      address: edgyText(500),
    });
    await fc.assert(
      fc.asyncProperty(order, async (fields) => {
        const body = { ...fields, solAmount: watch.price_sol, watch: { id: watch.id, brand: watch.brand, model: watch.model } };
        const before = await storedOrder(body.txHash);
        const response = await postOrder(body);
        if (orderInputSchema.safeParse(body).success) {
          expect([200, 201]).toContain(response.status);
          expect(await storedOrder(body.txHash)).not.toBeNull();
        } else {
          expect(response.status).toBe(400);
          expect(await storedOrder(body.txHash)).toEqual(before);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('stores any amount zod accepts, up to the ends of the numeric columns', async () => {
    await fc.assert(
      fc.asyncProperty(amount, amount, async (usdAmount, solAmount) => {
        const input = {
          wallet: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
          txHash: simulatedSignature(),
          usdAmount,
          solAmount,
          name: 'Ada',
          phone: '1',
          email: 'a@b',
          address: 'x',
          watch: { id: watch.id, brand: watch.brand, model: watch.model },
        };
        const parsed = orderInputSchema.safeParse(input);
        if (!parsed.success) return;
        const { order } = await getStores().orders.place(parsed.data);
        expect(order.solAmount).toBeCloseTo(solAmount, 6);
      }),
      { numRuns: 100 },
    );
  });
});

/** Image URLs with the tricks a browser resolves to another host, or the SQL check reads differently. */
const imageUrl = fc.oneof(
  fc.constantFrom(
    '/\\evil.example/x.png',
    '//evil.example/x.png',
    '/\t/evil.example/x.png',
    '/',
    '/images/watch.svg',
    '/a b.png',
    'HTTP://example.com/x.png',
    'https:example.com/x.png',
    'https:/x.png',
    'https://',
    'https://example.com/x.png',
    'http://[::1]/x.png',
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    'https://example.com/\u0000.png',
    `https://example.com/${'x'.repeat(2030)}`,
  ),
  edgyText(40).map((text) => `/${text}`),
  edgyText(40).map((text) => `https://${text}`),
);

/** Prices as the form sends them (text) or a client might (numbers), at the ends of numeric(18, 9). */
const price = fc.oneof(amount, amount.map(String), fc.constantFrom('1e9', '999999999.99', '', ' 5 ', 'Infinity', '-0', '0x10'));

describe('the watch form schema and the watches table', () => {
  it('stores whatever zod accepts, through the admin route, and refuses the rest with a 400 that writes nothing', async () => {
    const input = fc.record({
      brand: edgyText(80),
      model: edgyText(160),
      description: edgyText(4000),
      image_urls: fc.array(imageUrl, { minLength: 0, maxLength: 3 }),
      price_eur: price,
      price_sol: price,
      specs: fc.dictionary(fc.constantFrom('reference', 'movement', 'case', 'nft_image', 'unknown'), fc.oneof(edgyText(200), imageUrl)),
      features: fc.array(edgyText(200), { maxLength: 3 }),
    });
    await fc.assert(
      fc.asyncProperty(input, async (body) => {
        const count = (await getStores().catalog.listAll()).length;
        const response = await postWatch(body);
        if (watchInputSchema.safeParse(body).success) {
          expect(response.status).toBe(201);
          const { watch: created } = (await response.json()) as { watch: Watch };
          expect(await getStores().catalog.get(created.id)).toEqual(created);
        } else {
          expect(response.status).toBe(400);
          expect((await getStores().catalog.listAll()).length).toBe(count);
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe("the collector's fields and their SQL checks (issue 50)", () => {
  const thisYear = new Date().getUTCFullYear();
  /** Mostly what a form would send, often a value at or past a limit, sometimes junk. */
  const mostly = <T,>(valid: fc.Arbitrary<T>, edges: fc.Arbitrary<unknown>) =>
    fc.oneof({ weight: 5, arbitrary: valid }, { weight: 1, arbitrary: edges }, { weight: 1, arbitrary: fc.constantFrom(null, '') });
  const pastDay = fc.date({ min: new Date('1960-01-01'), max: new Date(), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
  const dayEdges = fc.oneof(
    fc.constantFrom('2024-02-29', '2023-02-29', '1799-12-31', '1800-01-01', '2020-13-01', '2020-1-5', ' 2020-10-05 ', 'today'),
    fc.integer({ min: -3, max: 3 }).map((days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)),
    fc.date({ min: new Date('1790-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)),
    edgyText(10),
  );
  const oneOf = (values: string[]) => mostly(fc.constantFrom(...values), fc.oneof(fc.constantFrom('Unworn', 'very good', 'gold', 'both '), edgyText(12)));
  const service = fc.oneof(
    { weight: 3, arbitrary: fc.record({ serviced_on: pastDay, serviced_by: fc.constantFrom('manufacturer', 'independent') }) },
    { weight: 2, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: fc.record({ serviced_on: fc.oneof(pastDay, dayEdges), serviced_by: oneOf(['manufacturer', 'independent']) }, { requiredKeys: [] }) },
  );
  const collector = fc
    .tuple(
      fc.record(
        {
          reference: mostly(
            fc.oneof(fc.constantFrom('126610LN', '5711/1A-010', '01 400 7763 4157-07 8 22 09PEB'), fc.stringMatching(/^[A-Za-z0-9]([A-Za-z0-9 ./-]{0,38}[A-Za-z0-9])?$/)),
            fc.oneof(edgyText(40), fc.constantFrom('-5711', '5711/', 'A'.repeat(41), '<b>5711</b>')),
          ),
          production_year: mostly(
            fc.integer({ min: 1800, max: thisYear }),
            fc.constantFrom(1799, thisYear + 1, 1970.5, '1970', ' 2020 ', '20x0', -1, 32_768),
          ),
          production_year_circa: fc.oneof({ weight: 6, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constantFrom(true, 'yes', 1) }),
          warranty_date: mostly(pastDay, dayEdges),
          condition: oneOf(['unworn', 'excellent', 'very-good', 'good', 'fair']),
          box_papers: oneOf(['both', 'box', 'papers', 'neither']),
          case_diameter_mm: mostly(
            fc.integer({ min: 200, max: 600 }).map((tenths) => tenths / 10),
            fc.constantFrom(19.9, 60.1, 40.25, 40.05, '41', ' 39.5 ', '4l', 1e21, Number.MIN_VALUE),
          ),
          case_material: oneOf(['steel', 'titanium', 'rose-gold', 'steel-gold', 'platinum']),
          movement_type: oneOf(['automatic', 'manual', 'quartz']),
        },
        { requiredKeys: [] },
      ),
      service,
    )
    .map(([facts, serviced]) => ({ ...facts, ...serviced }));

  it('stores whatever zod accepts, through the admin route, and refuses the rest with a 400 that writes nothing', async () => {
    const base = { brand: 'Collector', model: 'Limits', description: 'At the limits.', image_urls: ['/images/x.svg'], price_eur: 1400, price_sol: 10 };
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(collector, async (facts) => {
        const body = { ...base, ...facts };
        const count = await getStores().catalog.watchCount();
        const response = await postWatch(body);
        if (watchInputSchema.safeParse(body).success) {
          expect(response.status).toBe(201);
          const { watch: created } = (await response.json()) as { watch: Watch };
          expect(await getStores().catalog.get(created.id)).toEqual(created);
          accepted += 1;
        } else {
          expect(response.status).toBe(400);
          expect(await getStores().catalog.watchCount()).toBe(count);
        }
      }),
      { numRuns: 200 },
    );
    // Both sides of the rule were tried: values the database must store, and values it must never see.
    expect(accepted).toBeGreaterThan(20);
    expect(accepted).toBeLessThan(180);
  });
});

describe('the login schema', () => {
  it('answers whatever zod accepts with a login decision, and the rest with a 400 that counts no attempt', async () => {
    const throttle = createLoginThrottle(getStores().throttle);
    const attempts: string[] = [];
    const counting: LoginThrottle = {
      attempt: (username, client) => (attempts.push(username), throttle.attempt(username, client)),
      succeeded: (username, client) => throttle.succeeded(username, client),
    };
    const field = (max: number) => fc.oneof(edgyText(max), fc.constantFrom(undefined, null, 42, ['x'], { x: 1 }));
    await fc.assert(
      fc.asyncProperty(field(200), field(1024), async (username, password) => {
        const counted = attempts.length;
        const response = await logIn(
          new NextRequest(`${ORIGIN}/api/admin-session`, {
            method: 'POST',
            headers: { host: 'shop.test', origin: ORIGIN, 'content-type': 'application/json' },
            body: JSON.stringify({ username, password }),
          }),
          counting,
        );
        const accepted = typeof username === 'string' && typeof password === 'string' && username.length <= 200 && password.length <= 1024;
        if (accepted) {
          expect([401, 429]).toContain(response.status);
        } else {
          expect(response.status).toBe(400);
          expect(attempts.length).toBe(counted);
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe("the issue's probes", () => {
  const goodOrder = () => orderFixture(watch);
  const goodWatch = { brand: 'Probe', model: 'Limits', description: 'At the limits.', image_urls: ['/images/x.svg'], price_eur: 1, price_sol: 1 };

  it("refuses the email '@x' with a 400 naming it (it was a 503 the client retried)", async () => {
    const order = { ...goodOrder(), email: '@x' };
    const response = await postOrder(order);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'email must be a valid email address' });
    expect(await storedOrder(order.txHash)).toBeNull();
  });

  it('refuses a NUL byte in a name with a 400 naming it', async () => {
    const order = { ...goodOrder(), name: 'Ada\u0000Lovelace' };
    const response = await postOrder(order);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'name must not contain control characters' });
    expect(await storedOrder(order.txHash)).toBeNull();
  });

  it('refuses an admin price of exactly 1e9, which numeric(18, 9) cannot hold, and stores the largest that fits', async () => {
    const refused = await postWatch({ ...goodWatch, price_sol: 1e9 });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: 'Price is too large' });
    const stored = await postWatch({ ...goodWatch, price_sol: '999999999.999999', price_eur: '999999999.99' });
    expect(stored.status).toBe(201);
    expect(((await stored.json()) as { watch: Watch }).watch.price_sol).toBe(999_999_999.999999);
  });

  it("refuses the image URL '/\\evil.example/x.png', in the schema and in the database", async () => {
    const response = await postWatch({ ...goodWatch, image_urls: ['/\\evil.example/x.png'] });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Image URLs must start with http:// or https://' });
    const db = await openEmbeddedDatabase(dataDir);
    await expect(
      db.query(
        `insert into public.watches (brand, model, description, image_urls, price_eur, price_sol) values ('B', 'M', 'D', array['/\\evil.example/x.png'], 1, 1)`,
      ),
    ).rejects.toMatchObject({ code: '23514' });
  });

  it('stores a forged usdAmount of 999999999 at the server’s own value', async () => {
    const order = { ...goodOrder(), usdAmount: 999_999_999 };
    expect((await postOrder(order)).status).toBe(201);
    expect((await storedOrder(order.txHash))?.usdAmount).toBe(Math.round(watch.price_sol * MINT_USD_PER_SOL * 100) / 100);
  });

  it('answers a refusal by the database itself with a 400, not a retryable 503, in both stores', async () => {
    // A real refusal of PGlite's (a NUL byte in a parameter), standing in for any the schemas miss.
    const db = await openEmbeddedDatabase(dataDir);
    const pgliteRefusal = await db.query('select $1::text', ['a\u0000b']).then(
      () => null,
      (error: unknown) => error,
    );
    expect(pgliteRefusal).toMatchObject({ code: expect.stringMatching(/^22/) });
    const place = vi.spyOn(getStores().orders, 'place').mockRejectedValueOnce(pgliteRefusal);
    try {
      const response = await postOrder(goodOrder());
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: 'The order has a value that cannot be stored. Check it and send it again.' });
    } finally {
      place.mockRestore();
    }

    // Supabase passes Postgres's SQLSTATE on; an outage has none of classes 22 and 23.
    const supabaseRefusal = (() => {
      try {
        return unwrap({ data: null, error: { message: 'violates check constraint', code: '23514' } }, 'store the order');
      } catch (error) {
        return error;
      }
    })();
    expect(supabaseRefusal).toBeInstanceOf(DataRefusedError);
    expect(refusalAsHttpError(supabaseRefusal, 'The order')?.status).toBe(400);
    expect(() => unwrap({ data: null, error: { message: 'fetch failed' } }, 'store the order')).toThrow(/could not store the order/);
    expect(refusalAsHttpError(new Error('fetch failed'), 'The order')).toBeNull();
  });
});
