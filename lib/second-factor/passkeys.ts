import 'server-only';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { StaffSession } from '@/lib/staff/store';
import type { Factor, NewFactor } from './store';

/**
 * Passkeys (WebAuthn) through SimpleWebAuthn. The relying party is the host the admin was served
 * from: `origin` is the request's Origin, which the routes have already checked is that host (a
 * page cannot forge it). A passkey made on one host (a staging copy) is not offered on another.
 * User verification is required: the passkey stands for something the member has and is.
 */
export type RelyingParty = { origin: string; rpID: string };

export function relyingPartyOf(origin: string): RelyingParty {
  return { origin, rpID: new URL(origin).hostname };
}

export function registrationOptions(rp: RelyingParty, session: StaffSession, existing: Factor[]): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    rpName: 'ORX back office',
    rpID: rp.rpID,
    userName: session.username,
    userDisplayName: session.name,
    userID: new TextEncoder().encode(session.staffId),
    attestationType: 'none',
    excludeCredentials: passkeysOf(existing).map(({ id, transports }) => ({ id, transports })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
  });
}

export function authenticationOptions(rp: RelyingParty, existing: Factor[]): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: rp.rpID,
    allowCredentials: passkeysOf(existing).map(({ id, transports }) => ({ id, transports })),
    userVerification: 'required',
  });
}

/** The new passkey, if the response answers the challenge for this relying party; else null. */
export async function registeredPasskey(rp: RelyingParty, challenge: string, response: RegistrationResponseJSON, label: string): Promise<NewFactor | null> {
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) return null;
  const { credential } = verification.registrationInfo;
  return {
    kind: 'passkey',
    label,
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: credential.transports ?? [],
  };
}

/** The member's passkey that signed the challenge, with its new counter; else null. */
export async function authenticatedPasskey(
  rp: RelyingParty,
  challenge: string,
  response: AuthenticationResponseJSON,
  existing: Factor[],
): Promise<{ factor: Factor; counter: number } | null> {
  const factor = existing.find((candidate) => candidate.kind === 'passkey' && candidate.credentialId === response.id);
  if (!factor?.credentialId || !factor.publicKey) return null;
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    credential: {
      id: factor.credentialId,
      publicKey: new Uint8Array(Buffer.from(factor.publicKey, 'base64url')),
      counter: factor.counter,
      transports: factor.transports as AuthenticatorTransportFuture[],
    },
    requireUserVerification: true,
  }).catch(() => null);
  return verification?.verified ? { factor, counter: verification.authenticationInfo.newCounter } : null;
}

function passkeysOf(factors: Factor[]) {
  return factors.flatMap((factor) =>
    factor.kind === 'passkey' && factor.credentialId ? [{ id: factor.credentialId, transports: factor.transports as AuthenticatorTransportFuture[] }] : [],
  );
}
