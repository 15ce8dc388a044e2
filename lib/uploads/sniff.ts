/** The photo formats the shop takes, recognised by their first bytes, never by a file's name. */
export type PhotoType = 'jpeg' | 'png' | 'webp' | 'avif';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((byte, at) => bytes[at] === byte);

export function sniffPhotoType(bytes: Uint8Array): PhotoType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, PNG_SIGNATURE)) return 'png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (isAvif(bytes)) return 'avif';
  return null;
}

/** An ISO-BMFF file whose `ftyp` box names AVIF as its major or a compatible brand. */
function isAvif(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return false;
  const boxSize = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0);
  const end = Math.min(boxSize, bytes.length, 256);
  for (let at = 8; at + 4 <= end; at += 4) {
    if (at === 12) continue; // the minor version, not a brand
    const brand = ascii(bytes, at, at + 4);
    if (brand === 'avif' || brand === 'avis') return true;
  }
  return false;
}

/**
 * Markup a browser would run if the file were ever served or sniffed as a document: a tag that
 * opens an element (its name ends at a space, a slash or `>`) followed by more text, as any
 * payload that does something must be. Compressed image data spells a bare `<svg` by chance often
 * enough to refuse honest large photos now and then; followed by a delimiter and text it
 * practically never does.
 */
const MARKUP = /<(?:script|svg|html|!doctype|iframe|body|object|embed)[\t\n\f\r />][\t\n\r\x20-\x7e]{6}|<\?php[\t\n\r ]/i;
/** A ZIP archive's end-of-directory record: an image that ends with one is also a JAR (GIFAR). */
const ZIP_END = 'PK\x05\x06';
const ZIP_END_LENGTH = 22;
const ZIP_END_SEARCH = ZIP_END_LENGTH + 65_535;

/** True when an image also carries a document or an archive (a polyglot). */
export function hasForeignContent(bytes: Uint8Array): boolean {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return MARKUP.test(text) || endsWithZipDirectory(bytes, text);
}

/**
 * An archive reader finds the record by its signature near the end and trusts it only where its
 * comment length reaches exactly the end of the file; the signature alone turns up by chance.
 */
function endsWithZipDirectory(bytes: Uint8Array, text: string): boolean {
  const searchFrom = Math.max(0, text.length - ZIP_END_SEARCH);
  for (let at = text.lastIndexOf(ZIP_END); at >= searchFrom; at = text.lastIndexOf(ZIP_END, at - 1)) {
    const commentLength = (bytes[at + 20] ?? 0) | ((bytes[at + 21] ?? 0) << 8);
    if (at + ZIP_END_LENGTH + commentLength === bytes.length) return true;
    if (at === 0) break;
  }
  return false;
}
