import 'server-only';
import { HttpError } from '@/lib/http/errors';
import { readLimitedBody } from '@/lib/http/json-body';
import { MAX_PHOTO_BYTES, PHOTO_ACCEPT, PHOTO_MESSAGES } from './photo-rules';
import { getPhotoBackend } from './photo-store';
import { processPhoto, type PhotoRefusalReason } from './process';
import { PHOTO_CACHE_SECONDS } from './store';
import { isPhotoFileName } from './variants';

/** How each refused photo answers. */
export const PHOTO_REFUSAL_STATUS: Record<PhotoRefusalReason, number> = {
  empty: 400,
  'wrong-type': 415,
  'foreign-content': 415,
  'too-many-pixels': 413,
  damaged: 422,
};

/**
 * POST /api/admin/uploads: the body is the photo's bytes, nothing else (no multipart to parse,
 * and the browser can report the upload's progress). Refused as soon as it passes
 * MAX_PHOTO_BYTES, checked and re-encoded, then stored; answers the URL the catalogue saves.
 */
export async function uploadPhoto(request: Request): Promise<Response> {
  if (!isPhotoOrUnknownType(request.headers.get('content-type'))) throw new HttpError(415, PHOTO_MESSAGES.wrongType);
  const bytes = await readLimitedBody(request, MAX_PHOTO_BYTES, new HttpError(413, PHOTO_MESSAGES.tooLarge));
  const result = await processPhoto(bytes);
  if (!result.ok) throw new HttpError(PHOTO_REFUSAL_STATUS[result.reason], result.message);
  const { photo } = result;
  const { store } = getPhotoBackend();
  await store.save(photo.files);
  return Response.json({ url: store.urlOf(photo.name) }, { status: 201, headers: { 'cache-control': 'no-store' } });
}

/**
 * The browser sends a file with the type its name suggests. That can only refuse a file (a
 * photo renamed .svg or .html is not sent on): what is accepted is decided by the bytes.
 */
function isPhotoOrUnknownType(contentType: string | null): boolean {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return type === '' || type === 'application/octet-stream' || PHOTO_ACCEPT.split(',').includes(type);
}

/**
 * GET /uploads/<name> on the embedded backend (Supabase serves its bucket itself). Only a stored
 * photo's exact name is looked up; the answer is WebP that no browser may take for anything else.
 */
export async function servePhoto(name: string): Promise<Response> {
  const backend = getPhotoBackend();
  const bytes = backend.kind === 'local' && isPhotoFileName(name) ? await backend.store.read(name) : null;
  if (!bytes) return new Response('Not found', { status: 404, headers: { 'cache-control': 'no-store' } });
  return new Response(new Uint8Array(bytes), {
    headers: {
      'content-type': 'image/webp',
      'content-length': String(bytes.length),
      'cache-control': `public, max-age=${PHOTO_CACHE_SECONDS}, immutable`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    },
  });
}
