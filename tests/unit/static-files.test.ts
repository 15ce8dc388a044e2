import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticFiles } from '@/lib/front-door/static-files';
import { listenOnLoopback } from '../support/loopback';

/**
 * The build's and `public/`'s files answered by ORX's server (lib/front-door/static-files.ts), on a
 * real HTTP server, from a build folder compressed by the build's own last step
 * (scripts/precompress-static.mjs); Next.js stands in as a handler that answers what is left to it.
 */

const repository = process.cwd();
const CHUNK = `self.chunk=${JSON.stringify('a watch card, '.repeat(2_000))};`;
const LOGO = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle r="4"/></svg>';
const HEADERS = { 'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'self'" };

function makeRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'orx-static-'));
  fs.mkdirSync(path.join(root, '.next', 'static', 'chunks'), { recursive: true });
  fs.writeFileSync(path.join(root, '.next', 'static', 'chunks', 'app-1a2b.js'), CHUNK);
  fs.writeFileSync(path.join(root, '.next', 'static', 'chunks', 'tiny-3c4d.js'), 'self.t=1;');
  fs.mkdirSync(path.join(root, 'public', 'images', 'brands'), { recursive: true });
  fs.writeFileSync(path.join(root, 'public', 'images', 'brands', 'rolex.svg'), LOGO);
  fs.writeFileSync(path.join(root, 'package.json'), '{"private":true}');
  return root;
}

async function serve(answer: ReturnType<typeof createStaticFiles>) {
  const server = http.createServer((request, response) => {
    if (answer?.(request, response)) return;
    response.writeHead(404, { 'content-type': 'text/plain' }).end(`next: ${request.method} ${request.url}${request.headers.range ? ` range=${request.headers.range}` : ''}`);
  });
  return { server, base: await listenOnLoopback(server) };
}

/** A raw request: fetch would decompress the body and hide how it was sent. */
function get(base: string, target: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const request = http.request(`${base}${target}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe("the server's static files", () => {
  let root: string;
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    root = makeRoot();
    execFileSync(process.execPath, [path.join(repository, 'scripts', 'precompress-static.mjs')], { cwd: root });
    ({ server, base } = await serve(createStaticFiles({ root, securityHeaders: () => HEADERS })));
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("sends a build file compressed by the build, brotli first, for a year, with every response's security headers", async () => {
    const br = await get(base, '/_next/static/chunks/app-1a2b.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(CHUNK);
    expect(br.headers['cache-control']).toBe('public,max-age=31536000,immutable');
    expect(br.headers['vary']).toBe('Accept-Encoding');
    expect(br.headers['content-type']).toBe('text/javascript');
    expect(br.headers['x-content-type-options']).toBe('nosniff');
    expect(br.headers['content-security-policy']).toBe("default-src 'self'");

    const gzip = await get(base, '/_next/static/chunks/app-1a2b.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(CHUNK);

    const plain = await get(base, '/_next/static/chunks/app-1a2b.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(CHUNK);
  });

  it('sends a file too small to gain by compression as it is', async () => {
    const tiny = await get(base, '/_next/static/chunks/tiny-3c4d.js', { 'accept-encoding': 'br, gzip' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('self.t=1;');
    expect(fs.existsSync(path.join(root, '.next', 'static', 'chunks', 'tiny-3c4d.js.br'))).toBe(false);
  });

  it('answers a public file with its validator, and 304 while it is unchanged', async () => {
    const logo = await get(base, '/images/brands/rolex.svg');
    expect(logo.status).toBe(200);
    expect(logo.body.toString()).toBe(LOGO);
    expect(logo.headers['content-type']).toBe('image/svg+xml');
    expect(logo.headers['cache-control']).toBe('public,max-age=0,must-revalidate');
    expect(logo.headers['content-security-policy']).toBe("default-src 'self'");
    const again = await get(base, '/images/brands/rolex.svg', { 'if-none-match': String(logo.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('answers HEAD with the headers and no body', async () => {
    const head = await get(base, '/_next/static/chunks/app-1a2b.js', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(CHUNK.length));
    expect(head.body.length).toBe(0);
  });

  it('leaves to Next.js a file it does not know, any other method, the pages, and the marks and files outside its folders', async () => {
    for (const target of [
      '/_next/static/chunks/gone-9z9z.js',
      '/_next/static/.precompressed',
      '/_next/static/../../package.json',
      '/_next/static/%2e%2e/%2e%2e/package.json',
      '/images/../package.json',
      '/package.json',
      '/watches',
      '/',
    ]) {
      const response = await get(base, target);
      expect(response.status, target).toBe(404);
      expect(response.body.toString(), target).toMatch(/^next: GET /);
    }
    const post = await get(base, '/_next/static/chunks/app-1a2b.js', {}, 'POST');
    expect(post.body.toString()).toBe('next: POST /_next/static/chunks/app-1a2b.js');
  });

  it('sends the whole file, never an error, whatever range a client asks for, and hands a range on to Next with the request', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 40 }),
          fc.tuple(fc.integer({ min: -5, max: 40_000 }), fc.integer({ min: -5, max: 40_000 })).map(([from, to]) => `bytes=${from}-${to}`),
          fc.constantFrom('bytes=5-2', 'bytes=-500', 'bytes=99999999-', 'bytes=abc', 'bytes=0-0,5-9'),
        ),
        async (range) => {
          const response = await get(base, '/_next/static/chunks/app-1a2b.js', { range: range.replace(/[^\x20-\x7e]/g, '') });
          expect(response.status).toBe(200);
          expect(response.body.toString()).toBe(CHUNK);
        },
      ),
      { numRuns: 60 },
    );
    expect((await get(base, '/watches', { range: 'bytes=0-1' })).body.toString()).toBe('next: GET /watches range=bytes=0-1');
  });

  it('is not used for a build that `npm run build` did not compress, so that Next compresses what it sends', () => {
    const bare = makeRoot();
    const warnings: string[] = [];
    expect(createStaticFiles({ root: bare, securityHeaders: () => HEADERS, log: { warn: (message: string) => warnings.push(message) } })).toBeNull();
    expect(warnings).toHaveLength(1);
    fs.rmSync(bare, { recursive: true, force: true });
  });
});
