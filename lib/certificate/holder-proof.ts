import 'server-only';
import { z } from '@/lib/zod';
import type { Refusal } from '@/lib/result';
import { refuse } from '@/lib/result';
import type { SignInChallenge } from '@/lib/sign-in/message';
import type { SignInNonceStore } from '@/lib/sign-in/store';
import { issueChallenge, verifySignInProof, type SignedPurpose } from '@/lib/sign-in/verify';
import { HOLDER_ACTIONS, type HolderAction } from './holder-request';

/**
 * A certificate holder's request on /verify, signed: the statement of a Sign-In With Solana
 * message names the action, the mint and (for a service event) the event, and the nonce is the
 * server's, used once. So the signature proves that this wallet asked for this very thing now; it
 * cannot be replayed, nor taken for a sign-in or another action. Whether the wallet HOLDS the
 * certificate is the chain's to say, asked by the route after this.
 */
export type HolderIntent = { action: HolderAction; mint: string; eventId?: string };

export function holderStatement({ action, mint, eventId }: HolderIntent): string {
  switch (action) {
    case 'prove':
      return `Prove that I hold the ORX certificate ${mint}.`;
    case 'report':
      return `Report the watch of the ORX certificate ${mint} stolen or missing.`;
    case 'clear-report':
      return `Clear the report on the ORX certificate ${mint}.`;
    case 'accept-service':
      return `Confirm service event ${eventId} of the ORX certificate ${mint}.`;
  }
}

const purposeOf = (intent: HolderIntent): SignedPurpose => ({
  statement: holderStatement(intent),
  refused: 'The signature does not prove this wallet signed this request on this shop. Please try again.',
  expired: 'This request has expired. Please sign it again.',
  used: 'This request was already used or has expired. Please sign it again.',
});

export const challengeRequestSchema = z.strictObject({
  action: z.enum(HOLDER_ACTIONS),
  eventId: z.guid().optional(),
});

export type HolderDependencies = { nonces: SignInNonceStore; site: URL; now: Date };

export function holderChallenge(intent: HolderIntent, deps: HolderDependencies): Promise<SignInChallenge> {
  return issueChallenge(deps, holderStatement(intent));
}

/** The proof as sent: kept whole when it is stored (a service event's acceptance). */
const proofFields = z.object({ address: z.string().max(44), signedMessage: z.string().max(4096), signature: z.string().max(100) });

export type SignedHolder = { wallet: string; signedMessage: string; signature: string };

/** `malformed`: no proof at all; `refused`: a proof that does not hold for this action. */
export async function verifyHolderProof(proof: unknown, intent: HolderIntent, deps: HolderDependencies): Promise<{ ok: true; signed: SignedHolder } | Refusal<'malformed' | 'refused'>> {
  const outcome = await verifySignInProof(proof, deps, purposeOf(intent));
  if (!outcome.ok) return outcome;
  const fields = proofFields.safeParse(proof);
  if (!fields.success) return refuse('malformed', 'Send the proof as address, signedMessage and signature (base64)');
  return { ok: true, signed: { wallet: outcome.wallet, signedMessage: fields.data.signedMessage, signature: fields.data.signature } };
}
