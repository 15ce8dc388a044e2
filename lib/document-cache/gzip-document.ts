import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * A kept document's parts compressed once, so that each response's gzip body is assembled from
 * them and its own nonce instead of compressing a whole listing's text again (docs/performance.md, issue 25).
 *
 * Each part is deflated on its own and ended with a sync flush: its deflate blocks end on a byte
 * boundary and none is marked last, so the parts can be laid end to end with anything between
 * them that is itself such a run of blocks: here the nonce, in one stored (uncompressed) block.
 * An empty last block, the CRC-32 of the whole uncompressed document (zlib's, over the parts and
 * the nonce, a fraction of a millisecond for a listing) and its length close the gzip member
 * (RFC 1951, RFC 1952).
 *
 * Why not let zlib compress each response whole: a fresh nonce stands in some twenty places of
 * every page, so every response would be compressed anew, and that halved the listings'
 * throughput and broke their p99 (docs/decisions.md, "The storefront's front door"). zlib does
 * every compression here; this file only lays its blocks out with the nonce between them.
 *
 * A part may refer back to what came before it, as one deflate stream over the document would:
 * it is compressed with the document before it as its dictionary, where every nonce is a run of
 * one byte the document never holds. No match of three bytes or more can then reach into a nonce,
 * whatever the nonce of a response, while the distances stay right as long as every nonce has the
 * placeholder's length. Compressing the parts without that history made `/brands` twice as large.
 */
export type GzipParts = {
  /** Each part as raw deflate blocks, none of them last, ending byte-aligned. */
  deflated: Buffer[];
  /** The uncompressed parts, for the CRC. */
  parts: Uint8Array[];
  /** The uncompressed parts' total length. */
  length: number;
  /** The only nonce length the parts may be joined with; any, when they do not refer back. */
  nonceLength: number | null;
  /** Bytes the deflated parts hold. */
  size: number;
};

/** The gzip header: deflate, no name or comment, no time, unknown OS (RFC 1952 §2.3). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);
/** An empty block marked last: fixed Huffman codes holding only the end-of-block code. */
const LAST_BLOCK = Buffer.from([0x03, 0x00]);
/** The longest stored block; a nonce is a few dozen bytes. */
const MAX_STORED = 0xffff;
/** How far back deflate refers: its window. */
const WINDOW = 32 * 1024;

/** Compresses the parts of a document, once, for gzipWithNonce with nonces of `nonceLength` bytes. */
export function gzipParts(parts: Uint8Array[], nonceLength: number): GzipParts {
  const filler = absentByte(parts);
  let history: Buffer = Buffer.alloc(0);
  const deflated = parts.map((part, index) => {
    const options = { level: constants.Z_BEST_COMPRESSION, finishFlush: constants.Z_SYNC_FLUSH };
    const compressed = deflateRawSync(part, filler === null || index === 0 ? options : { ...options, dictionary: history });
    if (filler !== null) history = lastWindow([history, part, Buffer.alloc(nonceLength, filler)]);
    return compressed;
  });
  return {
    deflated,
    parts,
    length: parts.reduce((total, part) => total + part.byteLength, 0),
    nonceLength: filler === null ? null : nonceLength,
    size: deflated.reduce((total, part) => total + part.byteLength, 0),
  };
}

/** A byte value none of the parts holds (HTML text never holds 0), or null if they hold all 256. */
function absentByte(parts: Uint8Array[]): number | null {
  const seen = new Uint8Array(256);
  for (const part of parts) for (const byte of part) seen[byte] = 1;
  const absent = seen.indexOf(0);
  return absent === -1 ? null : absent;
}

function lastWindow(pieces: Uint8Array[]): Buffer {
  const joined = Buffer.concat(pieces);
  return joined.byteLength > WINDOW ? joined.subarray(joined.byteLength - WINDOW) : joined;
}

/**
 * The gzip body of the parts with `nonce` between each two of them: what gzip would decompress to
 * the document the parts were cut from, with `nonce` wherever it was cut.
 */
export function gzipWithNonce(parts: GzipParts, nonce: Uint8Array): Buffer<ArrayBuffer> {
  if (nonce.byteLength > MAX_STORED) throw new RangeError('A nonce longer than one stored block');
  if (parts.nonceLength !== null && nonce.byteLength !== parts.nonceLength) throw new RangeError('A nonce of another length than the parts were compressed for');
  const gaps = Math.max(parts.deflated.length - 1, 0);
  const storedNonce = storedBlock(nonce);

  let crc = 0;
  parts.parts.forEach((part, index) => {
    if (index > 0) crc = crc32(nonce, crc);
    // Skipped when empty, as it adds nothing: Node's crc32 answers 0, not the value it was given,
    // for an empty buffer zlib has deflated.
    if (part.byteLength > 0) crc = crc32(part, crc);
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE((parts.length + gaps * nonce.byteLength) % 2 ** 32, 4);

  const pieces = parts.deflated.flatMap((part, index) => (index > 0 ? [storedNonce, part] : [part]));
  return Buffer.concat([GZIP_HEADER, ...pieces, LAST_BLOCK, trailer]);
}

/** `bytes` as one stored block, not the last: a byte of header bits, then LEN and its complement. */
function storedBlock(bytes: Uint8Array): Buffer {
  const block = Buffer.alloc(5 + bytes.byteLength);
  block.writeUInt16LE(bytes.byteLength, 1);
  block.writeUInt16LE(~bytes.byteLength & 0xffff, 3);
  block.set(bytes, 5);
  return block;
}

/**
 * Whether an Accept-Encoding header accepts gzip (RFC 9110 §12.5.3): named with a weight above
 * zero, or not named and `*` accepted. Without the header, or with gzip refused, the document goes
 * out as it is (and Next.js may still deflate it for a client that asks for that alone).
 */
export function acceptsGzip(acceptEncoding: string | null): boolean {
  if (acceptEncoding === null) return false;
  const weights = new Map(
    acceptEncoding.split(',').map((entry): [string, number] => {
      const [coding = '', ...parameters] = entry.split(';').map((part) => part.trim().toLowerCase());
      const weight = parameters.find((parameter) => /^q\s*=/.test(parameter));
      return [coding, weight === undefined ? 1 : Number(weight.replace(/^q\s*=\s*/, ''))];
    }),
  );
  const gzip = weights.get('gzip') ?? weights.get('x-gzip') ?? weights.get('*');
  return gzip !== undefined && gzip > 0;
}
