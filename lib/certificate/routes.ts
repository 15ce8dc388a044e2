import 'server-only';
import { NextResponse } from 'next/server';
import { z } from '@/lib/zod';
import { siteUrl } from '@/lib/config';
import { HttpError, jsonError } from '@/lib/http/errors';
import { tooManyRequests } from '@/lib/http/too-many-requests';
import { catalogStore } from '@/lib/catalog/server-store';
import { orderStore } from '@/lib/orders/server-store';
import { certificateCardPng } from './card-image';
import { lookUpCertificate } from './lookup';
import { publicCertificate } from './metadata';
import { passportJsonSchema, passportOf } from './passport';
import { verifyPageUrl } from './links';

/**
 * The certificate's public routes: its JSON (the token's uri) and PNG card, and the /verify
 * verdict. Minting is the checkout's last step (POST /api/payments/{id}/certificate).
 */

/** How each lookup without a verdict answers. */
const LOOKUP_REFUSAL_STATUS = { malformed: 400, unconfigured: 404, unavailable: 503 } as const;

/** GET /api/verify/{mint}: the verdict as JSON; 400 for a malformed address, 503 when the chain cannot be read. */
export async function verifyApiRoute(request: Request, rawMint: string): Promise<Response> {
  const lookup = await lookUpCertificate(rawMint, request.headers);
  if (lookup.ok) return Response.json(lookup.verdict, { headers: { 'cache-control': 'public, max-age=30' } });
  if (lookup.reason === 'limited') return tooManyRequests(lookup.message, lookup.retryAfterSeconds);
  return jsonError(LOOKUP_REFUSAL_STATUS[lookup.reason], lookup.message);
}

const orderIdSchema = z.guid();

/** An order whose certificate is (or is about to be) on chain: paid, or minted and since shipped. */
async function certifiedOrder(rawId: string) {
  if (!orderIdSchema.safeParse(rawId).success) throw new HttpError(404, 'No certificate with that id');
  const order = await orderStore().get(rawId);
  if (!order || (order.status !== 'paid' && !order.certificateMint)) throw new HttpError(404, 'No certificate with that id');
  return { order, watch: order.watch.id ? await catalogStore().get(order.watch.id) : null };
}

async function publicAnswer(doing: string, answer: () => Promise<Response>): Promise<Response> {
  try {
    return await answer();
  } catch (error) {
    if (error instanceof HttpError) return jsonError(error.status, error.message);
    console.error(`Certificates: could not ${doing}`, error);
    return jsonError(503, `Could not ${doing} right now. Please try again.`);
  }
}

/** GET /api/certificates/{id}: the public certificate JSON a minted token's uri names. */
export function certificateJsonRoute(rawId: string): Promise<Response> {
  return publicAnswer('load the certificate', async () => {
    const { order, watch } = await certifiedOrder(rawId);
    const image = order.certificateMint ? new URL(`/api/certificates/${order.id}/image`, siteUrl()).toString() : null;
    return NextResponse.json(publicCertificate(order, watch, siteUrl(), image), {
      headers: { 'cache-control': 'public, max-age=300', 'access-control-allow-origin': '*' },
    });
  });
}

/** GET /api/certificates/{id}/image: the minted certificate's PNG card, with a QR code to its /verify page. */
export function certificateImageRoute(rawId: string): Promise<Response> {
  return publicAnswer('draw the certificate', async () => {
    const { order, watch } = await certifiedOrder(rawId);
    if (!order.certificateMint) throw new HttpError(404, 'No certificate with that id');
    const png = await certificateCardPng({
      brand: order.watch.brand,
      model: order.watch.model,
      image: watch?.image_urls[0] ?? null,
      verifyUrl: verifyPageUrl(order.certificateMint, siteUrl()),
    });
    return new Response(new Uint8Array(png), {
      headers: { 'content-type': 'image/png', 'cache-control': 'public, max-age=86400', 'access-control-allow-origin': '*' },
    });
  });
}

/**
 * GET /passport/{mint}.json: the certificate's passport, the same data as /verify/{mint} (the same
 * throttled, briefly kept lookup), for anyone to read.
 */
export async function passportRoute(request: Request, file: string): Promise<Response> {
  const rawMint = file.endsWith('.json') ? file.slice(0, -'.json'.length) : '';
  if (!rawMint) return jsonError(404, 'A passport is at /passport/{mint}.json');
  const lookup = await lookUpCertificate(rawMint, request.headers);
  if (!lookup.ok) {
    if (lookup.reason === 'limited') return tooManyRequests(lookup.message, lookup.retryAfterSeconds);
    return jsonError(LOOKUP_REFUSAL_STATUS[lookup.reason], lookup.message);
  }
  const { verdict } = lookup;
  if (verdict.verdict !== 'genuine') return jsonError(404, 'No ORX certificate has that address: there is no passport for it.', { verdict });
  return publicAnswer('load the passport', async () => {
    const watch = verdict.watch.id ? await catalogStore().get(verdict.watch.id) : null;
    return Response.json(passportOf(verdict, watch, siteUrl()), {
      headers: { 'cache-control': 'public, max-age=30', 'access-control-allow-origin': '*' },
    });
  });
}

/** GET /passport/schema.json: the JSON Schema every passport follows. */
export function passportSchemaRoute(): Response {
  return Response.json(passportJsonSchema(siteUrl()), { headers: { 'cache-control': 'public, max-age=3600', 'access-control-allow-origin': '*' } });
}
