import { NextRequest } from 'next/server';
import { getAdminCredentials } from '@/lib/auth/credentials';
import { walletSessionStore } from '@/lib/sign-in/server-store';
import { startWalletSession } from '@/lib/sign-in/session';

/**
 * The Cookie header of a browser signed in as `wallet`: the same session, stored the same way, as
 * POST /api/wallet-session makes after a real Sign-In With Solana (tests/unit/wallet-sign-in.test.ts
 * proves that route).
 */
export async function walletSessionCookie(wallet: string): Promise<string> {
  const { name, value } = await startWalletSession(walletSessionStore(), wallet, (await getAdminCredentials()).sessionSecret);
  return `${name}=${value}`;
}

/** A JSON POST as a route handler receives it, from a browser signed in as `wallet` (none: null). */
export async function signedInPost(url: string | URL, body: unknown, wallet: string | null, headers: Record<string, string> = {}): Promise<NextRequest> {
  const cookie: Record<string, string> = wallet === null ? {} : { cookie: await walletSessionCookie(wallet) };
  return new NextRequest(url, { method: 'POST', headers: { 'content-type': 'application/json', ...cookie, ...headers }, body: JSON.stringify(body) });
}

/**
 * POST /api/payments/{id}/cancel as the buyer's page sends it: from the shop's own origin, signed in
 * as `wallet` (none: null), with `cookie` added (a member of staff's session).
 */
export async function cancelRequest(orderId: string, wallet: string | null, { cookie, origin = 'http://shop.test' }: { cookie?: string; origin?: string } = {}): Promise<NextRequest> {
  const cookies = [wallet === null ? null : await walletSessionCookie(wallet), cookie ?? null].filter((part) => part !== null);
  return new NextRequest(`http://shop.test/api/payments/${orderId}/cancel`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', host: 'shop.test', origin, ...(cookies.length > 0 ? { cookie: cookies.join('; ') } : {}) },
    body: '{}',
  });
}
