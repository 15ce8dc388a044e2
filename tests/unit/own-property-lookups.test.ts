import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { NextRequest } from 'next/server';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareEmbeddedAdminEnvironment } from '../support/embedded-admin-env';

/**
 * Issue 47, part 3: no path segment or body key picks code or data by a name the object inherits.
 * `ACTIONS[action]` found Object.prototype's `constructor` and answered a password-only session
 * with the whole request context (sealed TOTP secret, passkeys, challenge). This suite finds every
 * dynamic segment of the app by itself (each `[segment]` folder under app/, so a route added later
 * is covered without editing it) and feeds each route handler, with the session it needs (the
 * second-factor routes: the password alone, the attack; every other: the owner's full session and a
 * signed-in wallet), the names of Object.prototype as that segment and as body keys. Each answers
 * 404 or 400. Each dynamic page's resolver answers not-found for them.
 */

const APP = path.resolve('app');
const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype);
const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
/** Body fields whose value picks something somewhere in the app (an action, a role, a status…): given a prototype name too. */
const PICKING_FIELDS = ['action', 'purpose', 'to', 'from', 'role', 'status', 'currency', 'listing', 'sort', 'kind'];
/** Query parameters some route reads: given prototype names as values, beside prototype names as keys. */
const QUERY_PARAMETERS = ['q', 'brand', 'listing', 'sort', 'seed', 'page', 'status', 'kind', 'actor', 'before', 'from', 'to', 'token', 'mint', 'order', 'currency', 'request', 'fullName', 'action'];

type Found = { file: string; segments: string[] };

/** Every file named `name` under app/ below a dynamic segment, with its segments' names. */
function dynamicFiles(name: RegExp, directory = APP, segments: string[] = []): Found[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) {
      const segment = /^\[+(?:\.\.\.)?([^\]]+)\]+$/.exec(entry.name)?.[1];
      return dynamicFiles(name, full, segment ? [...segments, segment] : segments);
    }
    return name.test(entry.name) && segments.length > 0 ? [{ file: path.relative(APP, full), segments }] : [];
  });
}

const routes = dynamicFiles(/^route\.[jt]sx?$/);

/** Every route.ts under app/, dynamic or not. */
function allRoutes(directory = APP): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return allRoutes(full);
    return /^route\.[jt]sx?$/.test(entry.name) ? [path.relative(APP, full)] : [];
  });
}
const staticRoutes = allRoutes().filter((file) => !file.includes('['));
const pages = dynamicFiles(/^(page|opengraph-image|twitter-image|icon|apple-icon)\.[jt]sx?$/);

const dataDir = await prepareEmbeddedAdminEnvironment('own-property-lookups', 'the owner password');
const { startPaymentsShop } = await import('../support/payments-shop');
// The real checkout on: the payment routes reach their lookups instead of answering "simulated only".
const shop = await startPaymentsShop(150, 'orx-own-property-lookups-');
const { SESSION_COOKIE } = await import('@/lib/auth/session');
const { staffCookie } = await import('../support/staff-session');
const { walletSessionCookie } = await import('../support/wallet-session');

afterAll(async () => {
  await shop.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const cookies = {
  // The second-factor step's attack: the password alone, no factor given yet.
  passwordOnly: `${SESSION_COOKIE}=${await staffCookie('owner', { secondFactorAt: null })}`,
  full: `${SESSION_COOKIE}=${await staffCookie('owner')}; ${await walletSessionCookie(shop.buyer.publicKey.toBase58())}`,
};

/** The cookies a route needs so that its own checks, not the sign-in, decide the answer. */
const cookieFor = (file: string) => (file.startsWith(`api${path.sep}admin-session${path.sep}`) ? cookies.passwordOnly : cookies.full);

/** A JSON object with these keys, written by hand: `__proto__` stays a key of the text, as an attacker sends it. */
const jsonObject = (entries: [string, unknown][]) => `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`).join(',')}}`;

const prototypeName = fc.constantFrom(...PROTOTYPE_NAMES);
const body = fc.array(fc.tuple(fc.constantFrom(...PROTOTYPE_NAMES, ...PICKING_FIELDS), fc.oneof(prototypeName, fc.constant({}))), { maxLength: 4 });
let client = 0;

type Handler = (request: NextRequest, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

async function call(handler: Handler, method: string, file: string, params: Record<string, string>, entries: [string, unknown][], query: [string, string][] = []) {
  const withBody = method !== 'GET' && method !== 'HEAD';
  const search = query.length > 0 ? `?${new URLSearchParams(query)}` : '';
  const request = new NextRequest(`http://shop.test/${file.replaceAll(path.sep, '/')}${search}`, {
    method,
    headers: {
      host: 'shop.test',
      origin: 'http://shop.test',
      cookie: cookieFor(file),
      // Each call from its own client, so no per-client limit answers for the lookup.
      'x-forwarded-for': `198.18.${(client >> 8) & 255}.${client++ & 255}`,
      ...(withBody ? { 'content-type': 'application/json' } : {}),
    },
    body: withBody ? jsonObject(entries) : undefined,
  });
  return handler(request, { params: Promise.resolve(params) });
}

describe('the dynamic segments of the app', () => {
  it('are found by walking app/ (the suite cannot be left behind by a new route)', () => {
    expect(routes.map(({ file }) => file)).toContain(path.join('api', 'admin-session', 'factor', '[action]', 'route.ts'));
    expect(routes.length).toBeGreaterThanOrEqual(18);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(PROTOTYPE_NAMES).toEqual(expect.arrayContaining(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']));
  });

  describe.each(routes)('app/$file', ({ file, segments }) => {
    it.each(segments)('answers 404 or 400, never 2xx or 5xx, to a name of Object.prototype as [%s], whatever the body', async (segment) => {
      const routeModule = (await import(/* @vite-ignore */ path.join(APP, file))) as Record<string, unknown>;
      // A CORS preflight (the Solana Actions' and transaction requests') answers for the path's
      // methods, never reading the segment: 204 to any name, and the request that follows gets the 404.
      const handlers = HTTP_METHODS.filter((method) => method !== 'OPTIONS' && typeof routeModule[method] === 'function');
      expect(handlers.length, 'a route with no handler').toBeGreaterThan(0);
      // The other segments: a prototype name too, or an id of the right shape that names nothing.
      const others = fc.record(Object.fromEntries(segments.filter((other) => other !== segment).map((other) => [other, fc.oneof(prototypeName, fc.uuid({ version: 4 }))])));
      await fc.assert(
        fc.asyncProperty(prototypeName, others, body, fc.constantFrom(...handlers), async (name, rest, entries, method) => {
          const response = await call(routeModule[method] as Handler, method, file, { ...rest, [segment]: name }, entries);
          const status = response.status;
          expect([400, 404], `${method} with [${segment}] = ${name}: ${status} ${await response.text()}`).toContain(status);
        }),
        // Every name with every handler at least once, then mixed with bodies and other segments.
        { examples: PROTOTYPE_NAMES.flatMap((name) => handlers.map((method) => [name, {}, [[name, name]], method] as [string, Record<string, string>, [string, unknown][], string])), numRuns: 12 },
      );
    });
  });
});

describe('the query parameters and bodies of every route', () => {
  // DELETE on a route without a segment signs the test's own sessions out, and picks nothing.
  const query = fc.array(fc.tuple(fc.constantFrom(...PROTOTYPE_NAMES, ...QUERY_PARAMETERS), prototypeName), { minLength: 1, maxLength: 4 });

  it.each(staticRoutes)('app/%s never answers a 5xx to names of Object.prototype in its query or body', async (file) => {
    const routeModule = (await import(/* @vite-ignore */ path.join(APP, file))) as Record<string, unknown>;
    const handlers = HTTP_METHODS.filter((method) => method !== 'DELETE' && typeof routeModule[method] === 'function');
    if (handlers.length === 0) return;
    await fc.assert(
      fc.asyncProperty(query, body, fc.constantFrom(...handlers), async (pairs, entries, method) => {
        const response = await call(routeModule[method] as Handler, method, file, {}, entries, pairs);
        expect(response.status, `${method} ?${new URLSearchParams(pairs)} ${await response.clone().text()}`).toBeLessThan(500);
      }),
      { examples: PROTOTYPE_NAMES.flatMap((name) => handlers.map((method) => [[[name, name]], [[name, name]], method] as [[string, string][], [string, unknown][], string])), numRuns: 8 },
    );
  });
});

/**
 * How each dynamic page resolves its segment, answering whether it found nothing. A dynamic page
 * added later fails the first test until it is named here.
 */
const PAGE_RESOLVERS = new Map<string, (segment: string) => Promise<boolean>>([
  [
    path.join('(shop)', 'watches', '[id]', 'page.tsx'),
    async (id) => {
      const { generateMetadata } = await import('@/app/(shop)/watches/[id]/page');
      // The page's own lookup: notFound() for a watch that is not in the catalogue.
      return generateMetadata({ params: Promise.resolve({ id }) }).then(
        () => false,
        (error: unknown) => String((error as { digest?: unknown }).digest).endsWith(';404'),
      );
    },
  ],
  [
    path.join('(shop)', 'watches', '[id]', 'opengraph-image.tsx'),
    async (id) => {
      const { default: image } = await import('@/app/(shop)/watches/[id]/opengraph-image');
      return (await image({ params: Promise.resolve({ id }) })).status === 404;
    },
  ],
  [
    path.join('(shop)', 'verify', '[mint]', 'page.tsx'),
    async (mint) => {
      const { lookUpCertificate } = await import('@/lib/certificate/lookup');
      const lookup = await lookUpCertificate(mint, new Headers({ 'x-forwarded-for': `198.19.0.${client++ & 255}` }));
      return !lookup.ok && lookup.reason === 'malformed';
    },
  ],
  [
    path.join('(shop)', 'verify', '[mint]', 'proof', '[token]', 'page.tsx'),
    async (segment) => {
      const { readPossessionProof } = await import('@/lib/certificate/possession');
      // The page's own reading, with the name as the mint, as the token, and as both.
      const readings = await Promise.all([
        readPossessionProof(segment, 'x.y', new Date()),
        readPossessionProof('11111111111111111111111111111111', segment, new Date()),
        readPossessionProof(segment, segment, new Date()),
      ]);
      return readings.every((reading) => !reading.ok);
    },
  ],
]);

describe('the dynamic pages of the app', () => {
  it('each have their resolver named here', () => {
    expect(pages.map(({ file }) => file).sort()).toEqual([...PAGE_RESOLVERS.keys()].sort());
  });

  it.each(pages)('app/$file finds nothing for a name of Object.prototype', async ({ file }) => {
    const resolve = PAGE_RESOLVERS.get(file)!;
    await fc.assert(
      fc.asyncProperty(prototypeName, async (name) => {
        expect(await resolve(name), name).toBe(true);
      }),
      { examples: PROTOTYPE_NAMES.map((name) => [name]), numRuns: 4 },
    );
  });
});
