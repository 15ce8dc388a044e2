import 'server-only';
import { jsonError } from '@/lib/http/errors';
import { tooManyRequests } from '@/lib/http/too-many-requests';
import { lookUpCertificate } from './lookup';

export const VERIFY_MESSAGES = {
  malformed: 'That is not a Solana address: a certificate’s mint address is 32 to 44 base58 characters.',
  limited: 'Too many verifications from your connection. Please try again in a moment.',
  unconfigured: 'This shop issues no certificates (no certificate authority is configured).',
  unavailable: 'The certificate cannot be checked right now: the Solana network could not be read. Please try again.',
} as const;

/** GET /api/verify/{mint}: the verdict as JSON; 400 for a malformed address, 503 when the chain cannot be read. */
export async function verifyApiRoute(request: Request, rawMint: string): Promise<Response> {
  const lookup = await lookUpCertificate(rawMint, request.headers);
  switch (lookup.kind) {
    case 'malformed':
      return jsonError(400, VERIFY_MESSAGES.malformed);
    case 'limited':
      return tooManyRequests(VERIFY_MESSAGES.limited, lookup.retryAfterSeconds);
    case 'unconfigured':
      return jsonError(404, VERIFY_MESSAGES.unconfigured);
    case 'unavailable':
      return jsonError(503, VERIFY_MESSAGES.unavailable);
    case 'verdict':
      return Response.json(lookup.verdict, { headers: { 'cache-control': 'public, max-age=30' } });
  }
}
