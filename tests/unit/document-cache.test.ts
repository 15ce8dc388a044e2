import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { HANDOFF_HEADER, takeOver } from '@/lib/document-cache/handoff';
import { DO_NOT_KEEP_HTML } from '@/lib/document-cache/marks';
import { RENDER_REQUEST_HEADER } from '@/lib/document-cache/render';
import { documentRequest, SHUFFLED_BRAND_RENDERINGS, SHUFFLED_RENDERINGS } from '@/lib/document-cache/requests';
import { createEmbeddedCacheTagStore } from '@/lib/cache-tags/embedded-store';
import type { CacheTagStore } from '@/lib/cache-tags/store';
import { revalidateCatalog } from '@/lib/catalog/revalidate';
import { IN_MEMORY, openEmbeddedDatabase } from '@/lib/db/embedded';
import { cachedDocumentResponse, renderingNonce } from '@/lib/document-cache/serve';
import { createNonce } from '@/lib/http/security-headers';
import { HEAD_METADATA_MARK } from '@/lib/seo/head-metadata';

// The shared cache tags on a database of their own where a test gives one; the real store elsewhere.
const sharedTags = vi.hoisted(() => ({ store: null as CacheTagStore | null }));
vi.mock('@/lib/cache-tags/server-store', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/cache-tags/server-store')>();
  return { cacheTagStore: () => sharedTags.store ?? actual.cacheTagStore() };
});

// Next's own bookkeeping of a revalidation needs a request; the shared tags are what is tested.
vi.mock('next/cache', () => ({ revalidateTag: vi.fn() }));

const A_WATCH = '/watches/0b8f2e8e-6a3c-4a36-9b0e-3f0f7c9d2a11';
const first = () => 0;
const ask = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  documentRequest(method, new URL(path, 'http://shop.test'), new Headers(headers), first);

describe('which requests the document cache answers', () => {
  it('answers the storefront documents, each shuffled page from one of several renderings', () => {
    expect(ask('/')).toEqual({ key: '/', target: '/', group: '/' });
    expect(ask('/brands')).toEqual({ key: '/brands', target: '/brands', group: '/brands' });
    expect(ask(A_WATCH)).toEqual({ key: A_WATCH, target: A_WATCH, group: A_WATCH });
    expect(ask('/featured')).toEqual({ key: '/featured#0', target: '/featured', group: '/featured' });
    // A listing's rendering r is its order of seed r + 1: its Show more link carries the seed.
    // Any order of a listing may stand in for another while it is made (one group).
    expect(ask('/watches')).toEqual({ key: '/watches#0', target: '/watches?seed=1', group: '/watches' });
    expect(ask('/crypto-editions')).toEqual({ key: '/crypto-editions#0', target: '/crypto-editions?seed=1', group: '/crypto-editions' });
    for (const page of ['/watches', '/featured', '/crypto-editions']) {
      const picked: number[] = [];
      documentRequest('GET', new URL(page, 'http://shop.test'), new Headers(), (count) => (picked.push(count), count - 1));
      expect(picked).toEqual([SHUFFLED_RENDERINGS]);
    }
  });

  it('keeps a preselected brand, with fewer renderings', () => {
    let count = 0;
    const request = documentRequest('GET', new URL('/watches?brand=A.+Lange+%26+S%C3%B6hne', 'http://shop.test'), new Headers(), (n) => ((count = n), 2));
    expect(request).toEqual({
      key: '/watches?brand=A.+Lange+%26+S%C3%B6hne#2',
      target: '/watches?brand=A.+Lange+%26+S%C3%B6hne&seed=3',
      group: '/watches?brand=A.+Lange+%26+S%C3%B6hne',
    });
    expect(count).toBe(SHUFFLED_BRAND_RENDERINGS);
  });

  it('leaves to Next.js what is not a plain document load of those pages', () => {
    expect(ask('/watches', { rsc: '1' })).toBeNull();
    expect(ask('/watches', { 'next-router-prefetch': '1' })).toBeNull();
    expect(ask('/watches', { 'next-router-segment-prefetch': '/_tree' })).toBeNull();
    expect(ask('/watches?_rsc=vzbcl0qWWRq8x9ae')).toBeNull();
    expect(ask('/', { 'next-action': 'abc' })).toBeNull();
    expect(ask('/watches', {}, 'HEAD')).toBeNull();
    expect(ask('/api/orders', {}, 'POST')).toBeNull();
    for (const path of ['/admin', '/admin/login', '/api/watches', '/sitemap.xml', '/watches/not-a-uuid', `${A_WATCH}/x`, '/brands?brand=Rolex', '/featured?brand=Rolex']) {
      expect(ask(path), path).toBeNull();
    }
  });

  it('never files an arbitrary query under a key: only ?brand= alone on the brand-filtered listings, not too long', () => {
    const brandFiltered = ['/watches', '/crypto-editions'];
    fc.assert(
      fc.property(fc.constantFrom('/', '/brands', '/featured', A_WATCH, ...brandFiltered), fc.dictionary(fc.string(), fc.string()), (page, query) => {
        const url = new URL(page, 'http://shop.test');
        for (const [name, value] of Object.entries(query)) url.searchParams.append(name, value);
        const names = [...url.searchParams.keys()];
        const brand = url.searchParams.get('brand') ?? '';
        const answered =
          names.length === 0 ||
          (brandFiltered.includes(page) && names.length === 1 && names[0] === 'brand' && brand.length > 0 && brand.length <= 80);
        const request = documentRequest('GET', url, new Headers(), first);
        expect(request !== null).toBe(answered);
        if (request && names.length > 0) expect(new URL(request.target, 'http://shop.test').searchParams.get('brand')).toBe(brand);
      }),
    );
  });
});

/**
 * Next.js itself stands in here as a small server: it answers each rendering request with a page
 * holding the nonce the proxy gave it, in every place Next.js puts one.
 */
describe('serving a cached document', () => {
  const seen: { path: string; headers: http.IncomingHttpHeaders }[] = [];
  const listingBody = (nonce: string) => `<html><script nonce="${nonce}">self.__next_f.push([1,"{\\"nonce\\":\\"${nonce}\\"}"])</script><p>Cards</p></html>`;
  let pageBody = listingBody;
  let status = 200;
  let server: http.Server;

  beforeAll(async () => {
    // The shared cache tags on a database of their own; nothing else of the stores is used here.
    const db = await openEmbeddedDatabase(IN_MEMORY);
    sharedTags.store = createEmbeddedCacheTagStore(async () => db);
    server = http.createServer((request, response) => {
      seen.push({ path: request.url!, headers: request.headers });
      const nonce = renderingNonce(new Headers(request.headers as Record<string, string>)) ?? 'fresh';
      response.writeHead(status, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'private, no-store',
        link: `</font.woff2>; rel=preload; as="font"; nonce="${nonce}"`,
        'x-internal': 'no',
      });
      response.end(pageBody(nonce));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    process.env.__NEXT_PRIVATE_ORIGIN = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    delete process.env.__NEXT_PRIVATE_ORIGIN;
    sharedTags.store = null;
    await new Promise((resolve) => server.close(resolve));
  });

  beforeEach(async () => {
    await revalidateCatalog();
    seen.length = 0;
    status = 200;
    pageBody = listingBody;
  });

  const load = (path: string, nonce = createNonce(), headers: Record<string, string> = {}) =>
    cachedDocumentResponse('GET', new URL(path, 'http://shop.test'), new Headers(headers), nonce);

  it("puts each response's own nonce wherever the rendering's stood, and never shows the rendering's", async () => {
    const answers = [];
    for (let i = 0; i < 3; i++) {
      const nonce = createNonce();
      const response = (await load('/brands', nonce))!;
      const body = await response.text();
      answers.push({ nonce, body, link: response.headers.get('link'), cache: response.headers.get('x-document-cache') });
    }
    expect(answers.map((answer) => answer.cache)).toEqual(['miss', 'hit', 'hit']);
    expect(seen).toHaveLength(1);
    const placeholder = renderingNonce(new Headers({ [RENDER_REQUEST_HEADER]: seen[0]!.headers[RENDER_REQUEST_HEADER] as string }))!;
    expect(placeholder).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    for (const { nonce, body, link } of answers) {
      expect(body).toBe(pageBody(nonce));
      expect(body).not.toContain(placeholder);
      expect(link).toBe(`</font.woff2>; rel=preload; as="font"; nonce="${nonce}"`);
    }
  });

  it("keeps Next's chunk scripts where Next put them, so hydration starts as early as the framework allows", async () => {
    pageBody = (nonce) =>
      `<html><head><script src="/_next/static/chunks/app.js" async="" nonce="${nonce}"></script></head><body><p>Cards</p></body></html>`;
    const nonce = createNonce();
    const body = await (await load('/brands', nonce))!.text();
    expect(body).toBe(pageBody(nonce));
  });

  it('answers a request that accepts gzip with the kept rendering compressed once, through the route that writes it, with its own nonce', async () => {
    for (const outcome of ['miss', 'hit']) {
      const nonce = createNonce();
      const response = (await load('/brands', nonce, { 'accept-encoding': 'gzip, deflate, br, zstd' }))!;
      // Rewritten within this server (its own origin: any other would be proxied over HTTP).
      expect(response.headers.get('x-middleware-rewrite')).toBe(`${process.env.__NEXT_PRIVATE_ORIGIN}/api/document`);
      const ticket = response.headers.get(`x-middleware-request-${HANDOFF_HEADER}`)!;
      const handed = takeOver(ticket)!;
      expect(takeOver(ticket)).toBeUndefined();
      const headers = new Map(handed.headers);
      expect(headers.get('content-encoding')).toBe('gzip');
      expect(headers.get('x-document-cache')).toBe(outcome);
      expect(headers.get('link')).toBe(`</font.woff2>; rel=preload; as="font"; nonce="${nonce}"`);
      expect(gunzipSync(handed.body).toString()).toBe(pageBody(nonce));
    }
    expect(takeOver('a forged ticket')).toBeUndefined();
    expect(takeOver(undefined)).toBeUndefined();
  });

  it('answers uncompressed whatever refuses gzip, for Next.js to compress (or not) as it asks', async () => {
    for (const acceptEncoding of ['identity', 'deflate', 'gzip;q=0']) {
      const nonce = createNonce();
      const response = (await load('/brands', nonce, { 'accept-encoding': acceptEncoding }))!;
      expect(response.headers.has('x-middleware-rewrite')).toBe(false);
      expect(response.headers.has('content-encoding')).toBe(false);
      expect(await response.text()).toBe(pageBody(nonce));
    }
  });

  it('asks for the rendering as a document with its metadata in <head>, uncompressed, and keeps only what describes the page', async () => {
    const response = (await load('/watches?brand=Rolex'))!;
    expect(seen[0]!.path).toMatch(/^\/watches\?brand=Rolex&seed=[1-3]$/);
    expect(seen[0]!.headers['user-agent']).toBe(HEAD_METADATA_MARK);
    expect(seen[0]!.headers['accept-encoding']).toBe('identity');
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.has('x-internal')).toBe(false);
  });

  it('lets only its own rendering requests through with the placeholder: a forged header gets nothing', () => {
    expect(renderingNonce(new Headers())).toBeNull();
    // As long as the secret in characters, longer in bytes: compared as bytes, not thrown at.
    expect(renderingNonce(new Headers({ [RENDER_REQUEST_HEADER]: 'é'.repeat(24) }))).toBeNull();
    fc.assert(
      // Any byte a header value can hold, at and around the secret's length (24 characters).
      fc.property(fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).map((code) => String.fromCharCode(code)), minLength: 0, maxLength: 30 }), (forged) => {
        expect(renderingNonce(new Headers({ [RENDER_REQUEST_HEADER]: forged }))).toBeNull();
      }),
    );
  });

  it('does not answer a rendering request from the cache, nor a request it does not serve', async () => {
    expect(await load('/brands', createNonce(), { [RENDER_REQUEST_HEADER]: 'anything' })).toBeNull();
    expect(await load('/admin')).toBeNull();
    expect(seen).toHaveLength(0);
  });

  it('keeps nothing under next dev, where a reload must show the code just edited', async () => {
    const environment = process.env as Record<string, string | undefined>;
    const before = environment.NODE_ENV;
    environment.NODE_ENV = 'development';
    try {
      expect(await load('/brands')).toBeNull();
      expect(seen).toHaveLength(0);
    } finally {
      environment.NODE_ENV = before;
    }
  });

  it('renders an error state again on the next load', async () => {
    pageBody = (nonce) => `<html><script nonce="${nonce}"></script><div role="alert" ${DO_NOT_KEEP_HTML}>Unable to Load Watches</div></html>`;
    for (let i = 0; i < 2; i++) expect((await load('/brands'))!.headers.get('x-document-cache')).toBe('miss');
    expect(seen).toHaveLength(2);
  });

  it('leaves a page that is not a 200 to Next.js, and an admin write makes the next load render afresh', async () => {
    status = 404;
    expect(await load(A_WATCH)).toBeNull();
    status = 200;
    await load('/');
    expect((await load('/'))!.headers.get('x-document-cache')).toBe('hit');
    await revalidateCatalog();
    expect((await load('/'))!.headers.get('x-document-cache')).toBe('miss');
    expect(seen.filter((request) => request.path === '/')).toHaveLength(2);
  });
});
