import 'server-only';
import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { refuse, type Refusal } from '@/lib/result';
import { MAX_PHOTO_PIXELS, PHOTO_MESSAGES } from './photo-rules';
import { hasForeignContent, sniffPhotoType, type PhotoType } from './sniff';
import { MAIN_PHOTO_WIDTH, PHOTO_WIDTHS, photoFileName } from './variants';

export type PhotoFile = { name: string; bytes: Buffer };
/** A photo ready to store: its files, the main one (the catalogue's URL names it) last. */
export type ProcessedPhoto = { name: string; files: PhotoFile[] };

export type PhotoRefusalReason = 'empty' | 'wrong-type' | 'foreign-content' | 'damaged' | 'too-many-pixels';
export type PhotoResult = { ok: true; photo: ProcessedPhoto } | Refusal<PhotoRefusalReason>;

/** The format sharp reports for each type the bytes announced; anything else is a disguise. */
const SHARP_FORMAT: Record<PhotoType, Metadata['format']> = { jpeg: 'jpeg', png: 'png', webp: 'webp', avif: 'heif' };
const WEBP_QUALITY = 82;

/** At most `size` pixels on the longest side, never enlarged. */
const fitInside = (size: number) => ({ width: size, height: size, fit: 'inside' as const, withoutEnlargement: true });

/**
 * Checks an upload by its bytes and re-encodes it: JPEG, PNG, WebP or AVIF only, no hidden
 * markup or archive, at most MAX_PHOTO_PIXELS (read from the header, before anything is
 * decoded), fully decodable. The result is WebP in every PHOTO_WIDTHS size, turned upright and
 * without any metadata (sharp writes none unless asked: EXIF, GPS and XMP stay behind).
 */
export async function processPhoto(bytes: Buffer): Promise<PhotoResult> {
  if (bytes.length === 0) return refuse('empty', PHOTO_MESSAGES.empty);
  const type = sniffPhotoType(bytes);
  if (!type) return refuse('wrong-type', PHOTO_MESSAGES.wrongType);
  if (hasForeignContent(bytes)) return refuse('foreign-content', PHOTO_MESSAGES.foreignContent);

  // Only the header is read here, so sharp's own pixel limit is lifted to see the real size.
  const metadata = await sharp(bytes, { limitInputPixels: false }).metadata().catch(() => null);
  if (!metadata?.width || !metadata.height) return refuse('damaged', PHOTO_MESSAGES.damaged);
  if (metadata.format !== SHARP_FORMAT[type]) return refuse('wrong-type', PHOTO_MESSAGES.wrongType);
  if (metadata.width * metadata.height > MAX_PHOTO_PIXELS) return refuse('too-many-pixels', PHOTO_MESSAGES.tooManyPixels);

  let encoded: Buffer[];
  try {
    // Decoded once, straight to the largest size (JPEG and WebP decode at a reduced scale when
    // they can); the smaller sizes come from those pixels, not from new decodes of the original.
    // limitInputPixels guards the decoder too; failOn 'warning' refuses a truncated or corrupt
    // file instead of storing a grey half-picture.
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'warning' })
      .rotate()
      .resize(fitInside(MAIN_PHOTO_WIDTH))
      // 8-bit sRGB whatever came in (16-bit PNG, CMYK or grey JPEG), as the raw pixels below say.
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    const pixels = { raw: { width: info.width, height: info.height, channels: info.channels } };
    encoded = await Promise.all(
      PHOTO_WIDTHS.map((width) => sharp(data, pixels).resize(fitInside(width)).webp({ quality: WEBP_QUALITY }).toBuffer()),
    );
  } catch {
    return refuse('damaged', PHOTO_MESSAGES.damaged);
  }
  const main = encoded[PHOTO_WIDTHS.indexOf(MAIN_PHOTO_WIDTH)]!;
  const hash = createHash('sha256').update(main).digest('hex');
  const files = PHOTO_WIDTHS.map((width, at) => ({ name: photoFileName(hash, width), bytes: encoded[at]! }));
  return { ok: true, photo: { name: photoFileName(hash, MAIN_PHOTO_WIDTH), files } };
}
