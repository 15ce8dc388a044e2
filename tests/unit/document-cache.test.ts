import { once } from 'node:events';
import http from 'node:http';
import { connect } from 'node:net';
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryCacheTagStore } from '@/lib/cache-tags/memory-store';
import { SharedTags } from '@/lib/cache-tags/shared-tags';
import { FACET_PARAMETERS } from '@/lib/catalog/facets';
import { CATALOG_TAG } from '@/lib/catalog/tags';
import { DO_NOT_KEEP_HTML } from '@/lib/document-cache/marks';
import { documentRequest, FILTERED_RENDERINGS, SHUFFLED_BRAND_RENDERINGS, SHUFFLED_RENDERINGS } from '@/lib/document-cache/requests';
import { createDocumentCache } from '@/lib/document-cache/serve';
import { frontDoor, handToNext } from '@/lib/front-door/front-door';
import { RENDER_NONCE_HEADER, SOCKET_ADDRESS_HEADER } from '@/lib/http/front-door-stamps';
import { HEAD_METADATA_MARK } from '@/lib/seo/head-metadata';
import { listenOnLoopback } from '../support/loopback';

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
    for (const path of ['/admin', '/admin/login', '/api/watches', '/sitemap.xml', '/watches/not-a-uuid', `${A_WATCH}/x`, '/watches?q=rolex', '/watches?sort=price-asc', '/watches?page=2', '/watches?seed=4', '/watches?brand=Rolex&q=gmt', '/watches?condition=unworn&page=2', '/crypto-editions?year_from=2020&seed=3']) {
      expect(ask(path), path).toBeNull();
    }
  });

  it('answers a campaign link (utm_*, gclid, fbclid) and any parameter a page does not read as the page without it', () => {
    expect(ask('/watches?utm_source=newsletter&utm_medium=email')).toEqual(ask('/watches'));
    expect(ask('/?gclid=EAIaIQobChMI&fbclid=IwAR2')).toEqual(ask('/'));
    expect(ask(`${A_WATCH}?utm_campaign=spring`)).toEqual(ask(A_WATCH));
    expect(ask('/brands?brand=Rolex')).toEqual(ask('/brands'));
    expect(ask('/featured?brand=Rolex&ref=x')).toEqual(ask('/featured'));
    expect(ask('/watches?brand=Rolex&utm_source=ad')).toEqual(ask('/watches?brand=Rolex'));
  });

  it("keeps each first page filtered by the collector's data under the address a link to it has, in one order", () => {
    const kept = (path: string) => ask(path);
    expect(kept('/watches?papers=both&condition=unworn')).toEqual({
      key: '/watches?condition=unworn&papers=both#0',
      target: '/watches?condition=unworn&papers=both&seed=1',
      group: '/watches?condition=unworn&papers=both',
    });
    // The same view, however its address was written, is one entry; a campaign's parameters are no part of it.
    expect(kept('/watches?condition=unworn,good&utm_source=ad')?.group).toBe(kept('/watches?condition=good&condition=unworn')?.group);
    expect(kept('/crypto-editions?brand=Rolex&q=gmt&sort=newest&material=steel')).toMatchObject({
      group: '/crypto-editions?brand=Rolex&q=gmt&material=steel&sort=newest',
      target: '/crypto-editions?brand=Rolex&q=gmt&material=steel&sort=newest&seed=1',
    });
    // A later page, a seed, or filters that name nothing are rendered as usual.
    for (const path of ['/watches?condition=unworn&page=2', '/watches?condition=unworn&seed=5', '/watches?condition=mint', '/featured?condition=unworn']) {
      expect(kept(path)?.group ?? null, path).toBe(path.startsWith('/featured') ? '/featured' : null);
    }
    let count = 0;
    documentRequest('GET', new URL('/watches?ref=126610LN', 'http://shop.test'), new Headers(), (n) => ((count = n), 0));
    expect(count).toBe(FILTERED_RENDERINGS);
  });

  it("never files a query a page reads under a key but ?brand= alone on the listings, not too long; ignores every other parameter", () => {
    const listings = ['/watches', '/crypto-editions'];
    // The collector's filters apart (the next test): a view of them is kept under its own key, and
    // a string drawn at random can be one of their names (`ref`).
    const read = ['q', 'brand', 'sort', 'seed', 'page'];
    const notAFilter = (parameter: string) => !(FACET_PARAMETERS as readonly string[]).includes(parameter);
    const name = fc.oneof(fc.constantFrom(...read, 'utm_source', 'gclid', 'fbclid'), fc.string().filter(notAFilter));
    fc.assert(
      fc.property(fc.constantFrom('/', '/brands', '/featured', A_WATCH, ...listings), fc.array(fc.tuple(name, fc.string()), { maxLength: 4 }), (page, query) => {
        const url = new URL(page, 'http://shop.test');
        for (const [parameter, value] of query) url.searchParams.append(parameter, value);
        const names = listings.includes(page) ? [...url.searchParams.keys()].filter((parameter) => read.includes(parameter)) : [];
        const brand = url.searchParams.get('brand') ?? '';
        const document = !url.searchParams.has('_rsc');
        const answered = document && (names.length === 0 || (names.length === 1 && names[0] === 'brand' && brand.length > 0 && brand.length <= 80));
        const request = documentRequest('GET', url, new Headers(), first);
        expect(request !== null).toBe(answered);
        const target = request && new URL(request.target, 'http://shop.test');
        if (target) expect([...target.searchParams.keys()].filter((parameter) => parameter !== 'seed')).toEqual(names);
        if (target && names.length > 0) expect(target.searchParams.get('brand')).toBe(brand);
      }),
    );
  });
});


/**
 * ORX's server as it runs (the front door, the document cache, the stamps), on a real HTTP server,
 * with Next.js standing in as a small handler: it answers each request with a page holding the
 * nonce it was given to render with (as the proxy gives Next the server's), in every place Next.js
 * puts one, or a fresh one of its own.
 */
describe('serving a kept document', () => {
  const seen: { path: string; headers: http.IncomingHttpHeaders }[] = [];
  const listingBody = (nonce: string) => `<html><script nonce="${nonce}">self.__next_f.push([1,"{\\"nonce\\":\\"${nonce}\\"}"])</script><p>Cards</p></html>`;
  let pageBody = listingBody;
  /** Where Next's answer is cut into the pieces it writes, in bytes (none: written at once). */
  let pieceEnds: ((body: Buffer) => number[]) | undefined;
  let status = 200;
  let tags: SharedTags;
  let server: http.Server;
  let base: string;

  const next = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    seen.push({ path: request.url!, headers: { ...request.headers } });
    const nonce = (request.headers[RENDER_NONCE_HEADER] as string | undefined) ?? `next-${seen.length}`;
    response.writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'private, no-store',
      link: `</font.woff2>; rel=preload; as="font"; nonce="${nonce}"`,
      'content-security-policy': `script-src 'nonce-${nonce}'`,
      'x-internal': 'no',
    });
    const body = Buffer.from(pageBody(nonce));
    let start = 0;
    for (const end of pieceEnds?.(body) ?? []) {
      // As Next streams a page: each piece once the last has been taken.
      if (!response.write(body.subarray(start, end))) await new Promise((resolve) => response.once('drain', resolve));
      start = end;
    }
    response.end(body.subarray(start));
  };

  beforeAll(async () => {
    tags = new SharedTags({ store: () => store, log: { warn: () => {}, info: () => {}, error: () => {} } });
    const store = createMemoryCacheTagStore();
    const toNext = handToNext(next, tags);
    const documentCache = createDocumentCache({
      tags,
      dispatch: toNext,
      host: () => 'shop.test',
      securityHeaders: (nonce) => ({ 'content-security-policy': `script-src 'nonce-${nonce}'` }),
    });
    const serve = frontDoor({ toNext, tags, documentCache });
    server = http.createServer((request, response) => void serve(request, response));
    base = await listenOnLoopback(server);
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  beforeEach(async () => {
    await tags.revalidate([CATALOG_TAG], 0);
    seen.length = 0;
    status = 200;
    pageBody = listingBody;
    pieceEnds = undefined;
  });

  /** One load as a browser makes it (fetch asks for gzip unless told otherwise). */
  const load = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(base + path, { headers });
    const body = await response.text();
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
    return { response, body, nonce, cache: response.headers.get('x-document-cache') };
  };

  it("puts each response's own nonce wherever the rendering's stood, and never shows the rendering's", async () => {
    const answers = [await load('/brands'), await load('/brands'), await load('/brands')];
    expect(answers.map((answer) => answer.cache)).toEqual(['miss', 'hit', 'hit']);
    expect(seen).toHaveLength(1);
    const renderingNonce = seen[0]!.headers[RENDER_NONCE_HEADER] as string;
    expect(renderingNonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(new Set(answers.map((answer) => answer.nonce)).size).toBe(3);
    for (const { nonce, body, response } of answers) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(body).toBe(pageBody(nonce!));
      expect(body).not.toContain(renderingNonce);
      expect(response.headers.get('link')).toBe(`</font.woff2>; rel=preload; as="font"; nonce="${nonce}"`);
    }
  });

  it('keeps a page Next streams in pieces whole, a character or the nonce cut between two of them', async () => {
    pageBody = (nonce) => `<html><p>12 500 € · ${nonce}</p>${'<p>Montre de plongée</p>'.repeat(20_000)}</html>`;
    pieceEnds = (body) => {
      const euro = body.indexOf('€');
      const nonce = body.indexOf(' · ') + ' · '.length;
      return [euro + 1, nonce + 10, ...Array.from({ length: 30 }, (_, index) => nonce + 16_384 * (index + 1))];
    };
    const answers = [await load('/brands'), await load('/brands')];
    expect(answers.map((answer) => answer.cache)).toEqual(['miss', 'hit']);
    for (const { body, nonce } of answers) expect(body).toBe(pageBody(nonce!));
  });

  it("keeps Next's chunk scripts where Next put them, so hydration starts as early as the framework allows", async () => {
    pageBody = (nonce) => `<html><head><script src="/_next/static/chunks/app.js" async="" nonce="${nonce}"></script></head><body><p>Cards</p></body></html>`;
    const { body, nonce } = await load('/brands');
    expect(body).toBe(pageBody(nonce!));
  });

  it('answers a request that accepts gzip with the kept rendering compressed once, with its own nonce', async () => {
    for (const outcome of ['miss', 'hit']) {
      const response = await new Promise<http.IncomingMessage>((resolve) => http.get(`${base}/brands`, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }, resolve));
      const chunks: Buffer[] = [];
      for await (const chunk of response) chunks.push(chunk as Buffer);
      const nonce = /'nonce-([^']+)'/.exec(response.headers['content-security-policy'] as string)![1]!;
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(response.headers['x-document-cache']).toBe(outcome);
      expect(response.headers.vary).toMatch(/Accept-Encoding/);
      expect(gunzipSync(Buffer.concat(chunks)).toString()).toBe(pageBody(nonce));
    }
  });

  it('answers uncompressed whatever refuses gzip', async () => {
    for (const acceptEncoding of ['identity', 'deflate', 'gzip;q=0']) {
      const { response, body, nonce } = await load('/brands', { 'accept-encoding': acceptEncoding });
      expect(response.headers.has('content-encoding')).toBe(false);
      expect(body).toBe(pageBody(nonce!));
    }
  });

  it("asks Next for the rendering in this process, as a document with its metadata in <head>, uncompressed, and keeps only what describes the page", async () => {
    const { response } = await load('/watches?brand=Rolex');
    expect(seen[0]!.path).toMatch(/^\/watches\?brand=Rolex&seed=[1-3]$/);
    expect(seen[0]!.headers['user-agent']).toBe(HEAD_METADATA_MARK);
    expect(seen[0]!.headers['accept-encoding']).toBe('identity');
    expect(seen[0]!.headers.host).toBe('shop.test');
    expect(seen[0]!.headers[SOCKET_ADDRESS_HEADER]).toBe('127.0.0.1');
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.has('x-internal')).toBe(false);
  });

  it('answers a campaign link from the rendering of the page without it, and hands a search to Next', async () => {
    await load('/brands');
    expect((await load('/brands?utm_source=newsletter&utm_medium=email&gclid=x&fbclid=y')).cache).toBe('hit');
    expect(seen).toHaveLength(1);
    expect((await load('/watches?q=rolex&utm_source=ad')).cache).toBeNull();
    expect(seen.at(-1)!.path).toBe('/watches?q=rolex&utm_source=ad');
  });

  it("never lets a client choose the nonce: a forged render nonce is dropped before Next sees it, and a kept page gets a fresh one", async () => {
    const forged = 'AAAAAAAAAAAAAAAAAAAAAA==';
    await load('/admin', { [RENDER_NONCE_HEADER]: forged });
    expect(seen.at(-1)!.headers[RENDER_NONCE_HEADER]).toBeUndefined();
    const { body, nonce } = await load('/brands', { [RENDER_NONCE_HEADER]: forged });
    expect(nonce).not.toBe(forged);
    expect(body).not.toContain(forged);
    expect(seen.every((request) => request.headers[RENDER_NONCE_HEADER] !== forged)).toBe(true);
  });

  it('hands Next a request whose target is no URL, rather than fail it', async () => {
    const socket = connect(Number(new URL(base).port), '127.0.0.1');
    await once(socket, 'connect');
    socket.end('GET //[ HTTP/1.1\r\nHost: shop.test\r\nConnection: close\r\n\r\n');
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    await once(socket, 'close');
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(seen.at(-1)!.path).toBe('//[');
  });

  it('renders an error state again on the next load', async () => {
    pageBody = (nonce) => `<html><script nonce="${nonce}"></script><div role="alert" ${DO_NOT_KEEP_HTML}>Unable to Load Watches</div></html>`;
    for (let i = 0; i < 2; i++) expect((await load('/brands')).cache).toBe('miss');
    expect(seen).toHaveLength(2);
  });

  it('leaves a page that is not a 200 to Next.js, and a revalidation of the catalogue makes the next load render afresh', async () => {
    status = 404;
    const missing = await load(A_WATCH);
    expect(missing.response.status).toBe(404);
    expect(missing.cache).toBeNull();
    expect(seen.map((request) => request.headers[RENDER_NONCE_HEADER] === undefined)).toEqual([false, true]);
    status = 200;
    await load('/');
    expect((await load('/')).cache).toBe('hit');
    await tags.revalidate([CATALOG_TAG], 0);
    expect((await load('/')).cache).toBe('miss');
    expect(seen.filter((request) => request.path === '/')).toHaveLength(2);
  });
});
