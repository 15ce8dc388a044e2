import fs from 'node:fs';
import path from 'node:path';
import { NextRequest } from 'next/server';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MESSAGES, MAX_PHOTO_BYTES } from '@/lib/uploads/photo-rules';
import { GPS_IFD_TAG, SVG, makeJpegWithGps, makePhoto } from '../support/photos';
import { prepareEmbeddedAdminEnvironment } from '../support/embedded-admin-env';

/**
 * POST /api/admin/uploads and GET /uploads/<name>, called as Next calls them, on the embedded
 * backend (photos in DATA_DIR/uploads). The environment is set before the modules load.
 */

const dataDir = await prepareEmbeddedAdminEnvironment('upload-routes', 'upload test password');

const { SESSION_COOKIE } = await import('@/lib/auth/session');
const { staffCookie } = await import('../support/staff-session');
const { auditStore } = await import('@/lib/audit/server-store');
const { proxy } = await import('@/proxy');
const uploads = await import('@/app/api/admin/uploads/route');
const served = await import('@/app/uploads/[name]/route');

const ORIGIN = 'http://shop.test';
let cookie: string;

beforeAll(async () => {
  cookie = await staffCookie();
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

type Body = Buffer | ReadableStream<Uint8Array>;

function upload(body: Body, { type = 'image/jpeg', session = true, origin = ORIGIN } = {}) {
  return new NextRequest(`${ORIGIN}/api/admin/uploads`, {
    method: 'POST',
    headers: {
      host: 'shop.test',
      origin,
      'content-type': type,
      ...(session ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}),
    },
    body: body instanceof ReadableStream ? body : new Uint8Array(body),
    duplex: 'half',
  });
}

const post = (request: NextRequest) => uploads.POST(request, { params: Promise.resolve({}) });
const get = (name: string) => served.GET(new Request(`${ORIGIN}/uploads/${name}`), { params: Promise.resolve({ name }) });
const answer = async (response: Response) => ({ status: response.status, ...((await response.json()) as object) });

describe('POST /api/admin/uploads', () => {
  it('stores a photo and answers the URL the catalogue saves, which serves WebP without its GPS', async () => {
    const response = await post(upload(await makeJpegWithGps()));
    expect(response.status).toBe(201);
    const { url } = (await response.json()) as { url: string };
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{64}\.webp$/);

    const file = await get(url.slice('/uploads/'.length));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/webp');
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    const stored = Buffer.from(await file.arrayBuffer());
    const metadata = await sharp(stored).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.exif).toBeUndefined();
    expect(stored.includes(GPS_IFD_TAG) && stored.includes(Buffer.from('PhoneCam'))).toBe(false);
    // The smaller sizes the storefront picks from are there too.
    expect((await get(url.slice('/uploads/'.length).replace('.webp', '-384.webp'))).status).toBe(200);
    // Issue 36: who uploaded it is on the audit trail.
    const [line] = await auditStore().page({ kind: 'photo.upload', limit: 1 });
    expect(line).toMatchObject({ actor: 'operator', after: { url } });
  });

  it('refuses a PNG renamed .svg: the declared type can only refuse, never accept', async () => {
    const png = await makePhoto('png', { width: 64, height: 64 });
    expect(await answer(await post(upload(png, { type: 'image/svg+xml' })))).toEqual({ status: 415, error: PHOTO_MESSAGES.wrongType });
    expect((await post(upload(png, { type: 'image/jpeg' }))).status).toBe(201);
  });

  it('refuses an SVG renamed .png, judged by its bytes', async () => {
    expect(await answer(await post(upload(SVG, { type: 'image/png' })))).toEqual({ status: 415, error: PHOTO_MESSAGES.wrongType });
  });

  it('refuses an oversized photo while it streams in, without reading the rest', async () => {
    const chunk = new Uint8Array(1024 * 1024).fill(0xff);
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    expect(await answer(await post(upload(endless)))).toEqual({ status: 413, error: PHOTO_MESSAGES.tooLarge });
    expect(sent).toBeLessThanOrEqual(MAX_PHOTO_BYTES + 3 * chunk.length);
  });

  it('answers 400, not a server error, when the client goes away mid-upload', async () => {
    const interrupted = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]));
        controller.error(new Error('aborted'));
      },
    });
    expect((await post(upload(interrupted))).status).toBe(400);
  });

  it('refuses a declared oversized photo before reading any of it', async () => {
    const request = upload(Buffer.from('x'));
    request.headers.set('content-length', String(MAX_PHOTO_BYTES + 1));
    expect(await answer(await post(request))).toEqual({ status: 413, error: PHOTO_MESSAGES.tooLarge });
  });

  it('takes uploads only from a signed-in operator on the shop’s own pages', async () => {
    const photo = await makePhoto('webp', { width: 32, height: 32 });
    expect((await post(upload(photo, { session: false }))).status).toBe(401);
    expect((await post(upload(photo, { origin: 'https://evil.test' }))).status).toBe(403);
    expect((await proxy(upload(photo, { session: false }))).status).toBe(401);
    expect((await proxy(upload(photo, { origin: 'https://evil.test' }))).status).toBe(403);
  });

  it('leaves no file behind for a refused photo', async () => {
    const before = fs.readdirSync(path.join(dataDir, 'uploads'));
    const jpeg = await makePhoto('jpeg', { width: 400, height: 300, seed: 90 });
    expect((await post(upload(jpeg.subarray(0, jpeg.length / 2)))).status).toBe(422);
    expect(fs.readdirSync(path.join(dataDir, 'uploads'))).toEqual(before);
  });
});

describe('GET /uploads/<name>', () => {
  it('answers 404 for anything but a stored photo’s exact name', async () => {
    for (const name of ['..%2Fadmin-credentials.json', '../admin-credentials.json', 'admin-credentials.json', `${'0'.repeat(64)}.webp`]) {
      expect((await get(name)).status).toBe(404);
    }
  });
});
