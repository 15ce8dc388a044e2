import 'server-only';
import { createHmac } from 'node:crypto';
import { textsEqual } from '@/lib/auth/password';

/**
 * The links of the watchlist's e-mails name their watcher with a MAC of its id, made with a key
 * derived from SESSION_SECRET for this use only: nothing to store, nothing a database reader could
 * turn into a link, and a link stops working once its watcher is forgotten (a new subscription of
 * the same address is a new watcher). Confirming and unsubscribing have links of their own, so
 * the confirmation's link cannot be replayed as the other, nor the other way round.
 */
export type LinkPurpose = 'confirm' | 'unsubscribe';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A token longer than this is no token of ours: it is refused before any hashing. */
export const MAX_TOKEN_LENGTH = 100;

function mac(watcherId: string, purpose: LinkPurpose, sessionSecret: string): Buffer {
  const key = createHmac('sha256', sessionSecret).update('orx watchlist links').digest();
  return createHmac('sha256', key).update(`${purpose}:${watcherId}`).digest();
}

export function watcherToken(watcherId: string, purpose: LinkPurpose, sessionSecret: string): string {
  return `${watcherId}.${mac(watcherId, purpose, sessionSecret).toString('base64url')}`;
}

/** The watcher a token names for this purpose; null for anything else. */
export function watcherOfToken(token: string, purpose: LinkPurpose, sessionSecret: string): string | null {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  const [id = '', signature = '', ...rest] = token.split('.');
  if (rest.length > 0 || !UUID.test(id)) return null;
  // The MAC's text, not its decoded bytes: base64url's last character carries spare bits a decoder
  // ignores, so links that differ there would decode to the same MAC. One watcher, one link.
  return textsEqual(signature, mac(id, purpose, sessionSecret).toString('base64url')) ? id : null;
}
