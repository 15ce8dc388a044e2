import { WalletSignInError } from '@solana/wallet-adapter-base';
import { describe, expect, it, vi } from 'vitest';
import type { SignInChallenge } from '@/lib/sign-in/message';
import { ensureSignedIn, type SignInWallet } from '@/lib/wallet/sign-in';

/**
 * The purchase dialog's sign-in before it holds a piece, with the shop's answers scripted (the
 * routes are proven with real keys in wallet-sign-in.test.ts, the whole flow in e2e/checkout.spec.ts).
 */

const ADDRESS = 'Fq6rJ2B5dQGxWJp4c4r8Nf9yX1mU3sK7tZ2aV5bC6dEh';
const CHALLENGE: SignInChallenge = {
  domain: 'orx.example',
  uri: 'https://orx.example',
  statement: 'Sign in to ORX.',
  version: '1',
  nonce: 'n0nce',
  issuedAt: '2026-11-26T10:00:00.000Z',
  expirationTime: '2026-11-26T10:05:00.000Z',
};

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function shop(signedInAs: string | null | Error) {
  const calls: string[] = [];
  const fetch = vi.fn(async (path: string, init?: RequestInit) => {
    calls.push(`${init?.method ?? 'GET'} ${path}`);
    if (path === '/api/wallet-session' && !init?.method) {
      if (signedInAs instanceof Error) throw signedInAs;
      return json({ wallet: signedInAs });
    }
    if (path === '/api/wallet-session/nonce') return json(CHALLENGE);
    return json({ wallet: ADDRESS });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

function wallet(): SignInWallet & { signIn: ReturnType<typeof vi.fn> } {
  return {
    address: ADDRESS,
    signIn: vi.fn(async () => ({ signedMessage: new Uint8Array([1]), signature: new Uint8Array([2]), account: { address: ADDRESS } })),
  };
}

describe('ensureSignedIn', () => {
  it('asks the wallet nothing when this browser is signed in as it already', async () => {
    const { fetch, calls } = shop(ADDRESS);
    const connected = wallet();
    await expect(ensureSignedIn(connected, fetch)).resolves.toEqual({ ok: true, wallet: ADDRESS });
    expect(calls).toEqual(['GET /api/wallet-session']);
    expect(connected.signIn).not.toHaveBeenCalled();
  });

  it.each([
    ['no session', null],
    ['a session of another wallet', 'So1ana11111111111111111111111111111111111111'],
    ['no answer', new TypeError('fetch failed')],
  ])('signs the wallet in with %s', async (_, signedInAs) => {
    const { fetch, calls } = shop(signedInAs);
    const connected = wallet();
    await expect(ensureSignedIn(connected, fetch)).resolves.toEqual({ ok: true, wallet: ADDRESS });
    expect(calls).toEqual(['GET /api/wallet-session', 'POST /api/wallet-session/nonce', 'POST /api/wallet-session']);
    expect(connected.signIn).toHaveBeenCalledWith({ ...CHALLENGE, address: ADDRESS });
  });

  it('says nothing was shared when the buyer declines in the wallet', async () => {
    const { fetch } = shop(null);
    const connected = wallet();
    connected.signIn.mockRejectedValueOnce(new WalletSignInError('User rejected the request.', { code: 4001 }));
    await expect(ensureSignedIn(connected, fetch)).resolves.toEqual({ ok: false, message: 'You declined the sign-in in your wallet. Nothing was shared.' });
  });
});
