import 'server-only';
import { createHmac } from 'node:crypto';
import { sealData, unsealData } from 'iron-session';
import { sessionCookieOptions, type SessionCookie } from '@/lib/auth/session';

/**
 * The buyer's session after Sign-In With Solana: an iron-session seal naming the wallet, in its
 * own HttpOnly cookie for 24 hours. Its key is derived from SESSION_SECRET for this purpose only,
 * so an operator's cookie can never pass for a buyer's, nor the other way round.
 */

export const WALLET_SESSION_COOKIE = 'orx_wallet';
export const WALLET_SESSION_TTL_SECONDS = 24 * 60 * 60;

type WalletSession = { wallet: string; issuedAt: number };

function sealPassword(sessionSecret: string): string {
  return createHmac('sha256', sessionSecret).update('orx wallet session').digest('base64url');
}

export async function createWalletSessionCookie(wallet: string, sessionSecret: string, now = Date.now()): Promise<SessionCookie> {
  const session: WalletSession = { wallet, issuedAt: now };
  const value = await sealData(session, { password: sealPassword(sessionSecret), ttl: WALLET_SESSION_TTL_SECONDS });
  return { name: WALLET_SESSION_COOKIE, value, options: sessionCookieOptions(WALLET_SESSION_TTL_SECONDS) };
}

export function clearedWalletSessionCookie(): SessionCookie {
  return { name: WALLET_SESSION_COOKIE, value: '', options: sessionCookieOptions(0) };
}

/** The signed-in wallet of an intact, unexpired seal made with this secret; else null. */
export async function walletOfSession(value: string | undefined, sessionSecret: string, now = Date.now()): Promise<string | null> {
  if (!value) return null;
  let data: Partial<WalletSession>;
  try {
    data = await unsealData<WalletSession>(value, { password: sealPassword(sessionSecret), ttl: WALLET_SESSION_TTL_SECONDS });
  } catch {
    return null;
  }
  if (typeof data.wallet !== 'string' || typeof data.issuedAt !== 'number') return null;
  const age = now - data.issuedAt;
  return age >= 0 && age < WALLET_SESSION_TTL_SECONDS * 1000 ? data.wallet : null;
}
