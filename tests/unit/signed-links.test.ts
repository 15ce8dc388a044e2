import { describe, expect, it } from 'vitest';
import { PROOF_MESSAGES, possessionToken, readPossessionToken } from '@/lib/certificate/possession';
import { watcherOfToken, watcherToken } from '@/lib/watchlist/tokens';

/**
 * The shop's signed links (a proof of possession; a watchlist e-mail's confirm and unsubscribe)
 * carry a MAC of their text: any other text is refused, including the ones a base64url decoder
 * would read as the same bytes, the spare bits of the MAC's last character.
 */

const SECRET = 'a session secret of at least thirty-two characters';
const MINT = 'So11111111111111111111111111111111111111112';
const WALLET = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T';
const WATCHER = '0b7a4f6e-2c1d-4e8f-9a3b-5c6d7e8f9a0b';
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Every text one character away from the token's. */
function* oneCharacterChanges(token: string): Generator<string> {
  for (let at = 0; at < token.length; at += 1) {
    for (const character of `${BASE64URL}.`) {
      if (character !== token[at]) yield `${token.slice(0, at)}${character}${token.slice(at + 1)}`;
    }
  }
}

/** The token with its MAC's last character swapped for the one that decodes to the same 32 bytes. */
function spareBitsTwin(token: string): string {
  const dot = token.lastIndexOf('.');
  const mac = token.slice(dot + 1);
  // A 32-byte MAC is 43 characters: the last one carries 4 bits of it and 2 spare ones.
  const twin = `${mac.slice(0, -1)}${BASE64URL[BASE64URL.indexOf(mac.at(-1)!) ^ 1]}`;
  expect(Buffer.from(twin, 'base64url')).toEqual(Buffer.from(mac, 'base64url'));
  return `${token.slice(0, dot + 1)}${twin}`;
}

describe('a proof of possession link', () => {
  const provenAt = new Date('2026-12-02T08:00:00Z');
  const token = possessionToken(MINT, WALLET, provenAt, SECRET);
  const soon = new Date(provenAt.getTime() + 60_000);

  it('reads back as the wallet and the time it was proven', () => {
    expect(readPossessionToken(MINT, token, soon, SECRET)).toEqual({
      ok: true,
      mint: MINT,
      wallet: WALLET,
      provenAt: provenAt.toISOString(),
      expiresAt: new Date(provenAt.getTime() + 15 * 60_000).toISOString(),
    });
  });

  it('proves nothing once any one character is changed, the last one included', () => {
    const accepted = [...oneCharacterChanges(token)].filter((changed) => readPossessionToken(MINT, changed, soon, SECRET).ok);
    expect(accepted).toEqual([]);
  });

  it('refuses the twin a decoder reads as the same MAC, with the message the page shows', () => {
    expect(readPossessionToken(MINT, spareBitsTwin(token), soon, SECRET)).toEqual({ ok: false, message: PROOF_MESSAGES.invalid });
  });
});

describe('a watchlist e-mail link', () => {
  const token = watcherToken(WATCHER, 'unsubscribe', SECRET);

  it('names its watcher for its own purpose only', () => {
    expect(watcherOfToken(token, 'unsubscribe', SECRET)).toBe(WATCHER);
    expect(watcherOfToken(token, 'confirm', SECRET)).toBeNull();
  });

  it('names no one once any one character is changed, the MAC twin included', () => {
    const accepted = [...oneCharacterChanges(token), spareBitsTwin(token)].filter((changed) => watcherOfToken(changed, 'unsubscribe', SECRET) !== null);
    expect(accepted).toEqual([]);
  });
});
