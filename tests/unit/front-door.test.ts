import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryCacheTagStore } from '@/lib/cache-tags/memory-store';
import { SharedTags } from '@/lib/cache-tags/shared-tags';
import type { CacheTagStore } from '@/lib/cache-tags/store';
import { frontDoor, handToNext, tidyListingAddress, type NextHandler } from '@/lib/front-door/front-door';
import { serverHandler } from '@/lib/front-door/server-handler';
import { PRECOMPRESSED_MARK } from '@/lib/front-door/static-files';
import { RENDER_NONCE_HEADER } from '@/lib/http/front-door-stamps';
import { listenOnLoopback } from '../support/loopback';

/**
 * ORX's server between a client and Next.js (lib/front-door/front-door.ts), on a real HTTP server,
 * Next standing in as a handler: a write's revalidation is in the shared table before its answer
 * has arrived, and what Next throws is answered, not left hanging.
 */

const silent = { warn: () => {}, info: () => {}, error: () => {} };

describe("the server's hand-over to Next.js", () => {
  const memory = createMemoryCacheTagStore();
  let releaseRecord = () => {};
  /** The shared table, whose record of a revalidation waits until the test releases it. */
  const heldStore: CacheTagStore = {
    read: () => memory.read(),
    revalidate: async (tags, expireSeconds) => {
      await new Promise<void>((resolve) => (releaseRecord = resolve));
      return memory.revalidate(tags, expireSeconds);
    },
  };
  const tags = new SharedTags({ store: () => heldStore, log: silent });
  let next: NextHandler;
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    const toNext = handToNext((request, response) => next(request, response), tags);
    const serve = frontDoor({ toNext, tags, documentCache: null });
    server = http.createServer((request, response) => void serve(request, response));
    base = await listenOnLoopback(server);
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("holds the answer to a write until the revalidation Next handed to the cache handler is recorded for every instance", async () => {
    next = async (_request, response) => {
      // What Next does with revalidateTag in a route handler: the handler's updateTags is called
      // before the response is sent, and not waited for.
      void tags.revalidate(['watches'], 0);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"saved":true}');
    };
    let answered = false;
    const answer = fetch(`${base}/api/admin/watches`, { method: 'POST' }).then(async (response) => {
      const body = await response.text();
      answered = true;
      return body;
    });
    await vi.waitFor(() => expect(tags.recorded()).not.toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(answered).toBe(false);
    expect((await memory.read()).tags.has('watches')).toBe(false);
    releaseRecord();
    expect(await answer).toBe('{"saved":true}');
    expect((await memory.read()).tags.has('watches')).toBe(true);
    expect(tags.recorded()).toBeNull();
  });

  it('answers without waiting when nothing is being recorded', async () => {
    next = async (_request, response) => void response.end('ok');
    expect(await (await fetch(`${base}/brands`)).text()).toBe('ok');
  });

  it('answers 500 when Next throws, as next start does', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    next = async () => {
      throw new Error('boom');
    };
    const response = await fetch(`${base}/boom`);
    expect(response.status).toBe(500);
    expect(await response.text()).toBe('Internal Server Error');
    expect(errors).toHaveBeenCalledWith('Failed to handle request for /boom', expect.any(Error));
    errors.mockRestore();
  });
});

describe("a listing's untidy address (issue 50)", () => {
  it("sends the filters' form sent without scripts to the address a link has, on the host asked for", () => {
    expect(tidyListingAddress('GET', '/watches?q=blue&ref=&condition=unworn&year_from=&currency=sol')).toBe('/watches?q=blue&condition=unworn');
    expect(tidyListingAddress('HEAD', '/crypto-editions?ref=&size_to=')).toBe('/crypto-editions');
    expect(tidyListingAddress('GET', '/watches?condition=unworn&price_to=80&currency=eur')).toBeNull();
    expect(tidyListingAddress('POST', '/watches?ref=')).toBeNull();
    expect(tidyListingAddress('GET', '/brands?ref=')).toBeNull();
    expect(tidyListingAddress('GET', '//evil.example/watches?ref=')).toBeNull();
  });
});

describe("ORX's server in each mode (server-handler.ts)", () => {
  const seen: string[] = [];
  let root: string;
  const servers: http.Server[] = [];

  /** Next standing in: a page with its rendering's nonce, and any file it is asked for. */
  const next: NextHandler = async (request, response) => {
    seen.push(request.url!);
    const nonce = (request.headers[RENDER_NONCE_HEADER] as string | undefined) ?? 'next';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': `script-src 'nonce-${nonce}'` });
    response.end(`<html><script nonce="${nonce}"></script><p>Brands</p></html>`);
  };

  const start = async (dev: boolean) => {
    const tags = new SharedTags({ store: createMemoryCacheTagStore, log: silent });
    const serve = serverHandler({ dev, handle: next, tags, host: () => 'shop.test', root });
    const server = http.createServer((request, response) => void serve(request, response));
    servers.push(server);
    const base = await listenOnLoopback(server);
    return (target: string) => fetch(base + target);
  };

  beforeAll(() => {
    // A build's static files as `npm run build` leaves them.
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'orx-server-modes-'));
    fs.mkdirSync(path.join(root, '.next', 'static', 'chunks'), { recursive: true });
    fs.mkdirSync(path.join(root, 'public'));
    fs.writeFileSync(path.join(root, '.next', 'static', 'chunks', 'app.js'), 'self.app = 1;');
    fs.writeFileSync(path.join(root, '.next', 'static', PRECOMPRESSED_MARK), '');
  });
  beforeEach(() => void (seen.length = 0));
  afterAll(async () => {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('keeps the storefront pages and sends the build files itself in production', async () => {
    const load = await start(false);
    const pages = [await load('/brands'), await load('/brands')];
    expect(pages.map((page) => page.headers.get('x-document-cache'))).toEqual(['miss', 'hit']);
    const file = await load('/_next/static/chunks/app.js');
    expect(await file.text()).toBe('self.app = 1;');
    expect(seen).toEqual(['/brands']);
  });

  it('keeps nothing under next dev, where a reload must show the code just edited, and leaves the files to Next', async () => {
    const load = await start(true);
    const pages = [await load('/brands'), await load('/brands')];
    expect(pages.map((page) => page.headers.get('x-document-cache'))).toEqual([null, null]);
    expect(await pages[1]!.text()).toContain('<p>Brands</p>');
    await load('/_next/static/chunks/app.js');
    expect(seen).toEqual(['/brands', '/brands', '/_next/static/chunks/app.js']);
  });
});
