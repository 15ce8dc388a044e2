/**
 * CRC-32 as gzip's trailer holds it (ISO 3309, the polynomial 0xEDB88320 reflected), and the
 * combination of two CRCs into the CRC of the two inputs joined, so that a document made of kept
 * parts and a fresh nonce gets its CRC from the parts' CRCs without reading the parts again
 * (gzip-document.ts). Node 20 has no zlib.crc32; the combination follows zlib's crc32_combine
 * (zlib 1.2.12 and later: multiplication modulo the polynomial, with x^(8n) for n bytes).
 */

const POLYNOMIAL = 0xedb88320;

const TABLE = (() => {
  const table = new Uint32Array(256);
  for (let byte = 0; byte < 256; byte++) {
    let crc = byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ POLYNOMIAL : crc >>> 1;
    table[byte] = crc >>> 0;
  }
  return table;
})();

/** The CRC-32 of `bytes`, continued from the CRC of what came before them (0 for nothing). */
export function crc32(bytes: Uint8Array, previous = 0): number {
  let crc = ~previous;
  for (let index = 0; index < bytes.length; index++) crc = TABLE[(crc ^ bytes[index]!) & 0xff]! ^ (crc >>> 8);
  return ~crc >>> 0;
}

/** a·b modulo the polynomial, both in the reflected bit order of the CRC. */
function multiplyModulo(a: number, b: number): number {
  let product = 0;
  for (let mask = 0x80000000; mask !== 0 && a !== 0; mask >>>= 1) {
    if (a & mask) {
      product ^= b;
      a &= ~mask;
    }
    b = b & 1 ? (b >>> 1) ^ POLYNOMIAL : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, for k = 0..31. */
const POWERS_OF_X = (() => {
  const powers = new Uint32Array(32);
  let power = 0x40000000; // x^1
  for (let k = 0; k < 32; k++) {
    powers[k] = power;
    power = multiplyModulo(power, power);
  }
  return powers;
})();

/**
 * What shifting a CRC past `length` bytes multiplies it by (x^(8·length) modulo the polynomial):
 * worked out once per kept part, then each combination with it is one multiplication.
 */
export function crc32Shift(length: number): number {
  let shift = 0x80000000; // x^0
  let k = 3; // 8 = 2^3 bits a byte
  for (let rest = length; rest > 0; rest = Math.floor(rest / 2), k++) {
    if (rest % 2 === 1) shift = multiplyModulo(POWERS_OF_X[k & 31]!, shift);
  }
  return shift;
}

/** The CRC-32 of A followed by B, from A's CRC, B's CRC and crc32Shift(B's length). */
export function crc32Combine(crcA: number, crcB: number, shiftB: number): number {
  return (multiplyModulo(shiftB, crcA) ^ crcB) >>> 0;
}
