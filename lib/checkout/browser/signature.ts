const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const SIGNATURE_LENGTH = 88;

/**
 * A fake transaction signature for the simulated payment (SPEC §7): 88 base58 characters, the
 * length of a real Solana signature, from a cryptographic random source.
 */
export function simulatedSignature(randomBytes: (length: number) => Uint8Array = cryptoRandomBytes): string {
  let signature = '';
  while (signature.length < SIGNATURE_LENGTH) {
    for (const byte of randomBytes(SIGNATURE_LENGTH)) {
      // 58 × 4 = 232: bytes past it are dropped so every character is equally likely.
      if (byte < 232 && signature.length < SIGNATURE_LENGTH) signature += BASE58_ALPHABET[byte % 58];
    }
  }
  return signature;
}

function cryptoRandomBytes(length: number): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(length));
}
