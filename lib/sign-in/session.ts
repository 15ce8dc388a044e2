import 'server-only';
import { createHmac } from 'node:crypto';
import { sealData, unsealData } from 'iron-session';
import { newSessionToken, sessionCookieOptions, sessionIdOf, type SessionCookie } from '@/lib/auth/session';
import type { WalletSessionStore } from './wallet-session-store';

/**
 * The buyer's session after Sign-In With Solana: a row in the database (wallet_sessions) for 24
 * hours, named by a random token that only the buyer's cookie holds, sealed in its own HttpOnly
 * cookie. Disconnect ends the row, so a copy of the cookie stops working too (issue 36). The seal's
 * key is derived from SESSION_SECRET for this purpose only, so an operator's cookie can never pass
 * for a buyer's, nor the other way round.
 */

/** `__Host-` in production, like the admin session's (lib/auth/session.ts). */
export const WALLET_SESSION_COOKIE = process.env.NODE_ENV === 'production' ? '__Host-orx_wallet' : 'orx_wallet';
export const WALLET_SESSION_TTL_SECONDS = 24 * 60 * 60;

type SealedWalletSession = { token: string };

function sealPassword(sessionSecret: string): string {
  return createHmac('sha256', sessionSecret).update('orx wallet session').digest('base64url');
}

/** Starts a session for the wallet and answers its cookie. */
export async function startWalletSession(store: WalletSessionStore, wallet: string, sessionSecret: string, now = new Date()): Promise<SessionCookie> {
  const { token, id } = newSessionToken();
  await store.start(id, wallet, now, new Date(now.getTime() + WALLET_SESSION_TTL_SECONDS * 1000));
  const value = await sealData({ token } satisfies SealedWalletSession, { password: sealPassword(sessionSecret), ttl: WALLET_SESSION_TTL_SECONDS });
  return { name: WALLET_SESSION_COOKIE, value, options: sessionCookieOptions(WALLET_SESSION_TTL_SECONDS) };
}

export function clearedWalletSessionCookie(): SessionCookie {
  return { name: WALLET_SESSION_COOKIE, value: '', options: sessionCookieOptions(0) };
}

/** The session id an intact seal made with this secret names; else null. */
export async function walletSessionIdOf(value: string | undefined, sessionSecret: string): Promise<string | null> {
  if (!value) return null;
  try {
    const { token } = await unsealData<Partial<SealedWalletSession>>(value, { password: sealPassword(sessionSecret), ttl: WALLET_SESSION_TTL_SECONDS });
    return typeof token === 'string' && token.length > 0 ? sessionIdOf(token) : null;
  } catch {
    return null;
  }
}
