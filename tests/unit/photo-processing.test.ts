import { createHash, randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PHOTO_MESSAGES } from '@/lib/uploads/photo-rules';
import { processPhoto } from '@/lib/uploads/process';
import { PHOTO_REFUSAL_STATUS } from '@/lib/uploads/routes';
import { hasForeignContent, sniffPhotoType } from '@/lib/uploads/sniff';
import { PHOTO_WIDTHS, photoUrlForWidth } from '@/lib/uploads/variants';
import { GPS_IFD_TAG, SVG, ZIP_END_RECORD, makeJpegWithGps, makePhoto, makePngBomb } from '../support/photos';

/** Issue 14: every upload is judged by its bytes, then re-encoded to WebP without metadata. */

/** A refused photo as the upload route answers it. */
async function refusal(bytes: Buffer): Promise<{ status: number; message: string }> {
  const result = await processPhoto(bytes);
  if (result.ok) throw new Error('expected a refusal, got a photo');
  return { status: PHOTO_REFUSAL_STATUS[result.reason], message: result.message };
}

/** The photo an accepted upload becomes. */
async function processed(bytes: Buffer) {
  const result = await processPhoto(bytes);
  if (!result.ok) throw new Error(`expected a photo, got a refusal: ${result.message}`);
  return result.photo;
}

describe('type sniffing', () => {
  it.each(['jpeg', 'png', 'webp', 'avif'] as const)('recognises %s by its first bytes', async (format) => {
    expect(sniffPhotoType(await makePhoto(format, { width: 32, height: 32 }))).toBe(format);
  });

  it('takes an SVG, HTML or empty file for no photo, whatever it is called', async () => {
    expect(sniffPhotoType(SVG)).toBeNull();
    expect(sniffPhotoType(Buffer.from('<!doctype html><title>x</title>'))).toBeNull();
    expect(sniffPhotoType(Buffer.alloc(0))).toBeNull();
    expect(await refusal(SVG)).toEqual({ status: 415, message: PHOTO_MESSAGES.wrongType });
  });

  it('refuses a JPEG that is also an HTML page (a polyglot)', async () => {
    const jpeg = await makePhoto('jpeg', { width: 64, height: 64 });
    const polyglot = Buffer.concat([jpeg, Buffer.from('<html><script>fetch("/api/admin/watches")</script></html>')]);
    expect(sniffPhotoType(polyglot)).toBe('jpeg');
    expect(await refusal(polyglot)).toEqual({ status: 415, message: PHOTO_MESSAGES.foreignContent });
  });

  it('refuses a PNG that is also an SVG document or a ZIP archive (GIFAR-like)', async () => {
    const png = await makePhoto('png', { width: 64, height: 64 });
    expect((await refusal(Buffer.concat([png, SVG]))).message).toBe(PHOTO_MESSAGES.foreignContent);
    expect((await refusal(Buffer.concat([png, ZIP_END_RECORD]))).message).toBe(PHOTO_MESSAGES.foreignContent);
  });

  it('takes markup letters and a ZIP signature that compressed data spells by chance for no polyglot', () => {
    const noise = randomBytes(256 * 1024);
    const chance = [
      Buffer.from('<sVg\x8f\x02', 'latin1'),
      Buffer.from('<script>\x00\x91', 'latin1'),
      Buffer.from('<html x\x05', 'latin1'),
      Buffer.from('PK\x05\x06', 'latin1'),
    ];
    for (const bytes of chance) {
      expect(hasForeignContent(Buffer.concat([noise.subarray(0, 1000), bytes, noise.subarray(1000)]))).toBe(false);
    }
    // The same record is an archive's directory once its comment length reaches the end of the file.
    expect(hasForeignContent(Buffer.concat([noise, ZIP_END_RECORD]))).toBe(true);
    const withComment = Buffer.from(ZIP_END_RECORD);
    withComment.writeUInt16LE(5, 20);
    expect(hasForeignContent(Buffer.concat([noise, withComment, Buffer.from('hello')]))).toBe(true);
    expect(hasForeignContent(Buffer.concat([noise, withComment, Buffer.from('hell')]))).toBe(false);
    expect(hasForeignContent(Buffer.concat([noise, Buffer.from('<svg onload=alert(1)>')]))).toBe(true);
  });

  it('refuses a file whose first bytes claim one format but which is another', async () => {
    const webp = await makePhoto('webp', { width: 64, height: 64 });
    const disguised = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), webp]);
    expect((await refusal(disguised)).status).toBeGreaterThanOrEqual(400);
  });
});

describe('size and integrity', () => {
  it('refuses a decompression bomb from its header, before decoding it', async () => {
    const bomb = makePngBomb(20_000, 20_000);
    expect(bomb.length).toBeLessThan(2_000);
    const started = performance.now();
    expect(await refusal(bomb)).toEqual({ status: 413, message: PHOTO_MESSAGES.tooManyPixels });
    // Decoding 400 megapixels would take seconds and over a gigabyte; reading a header takes none.
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('refuses a truncated JPEG instead of storing half a picture', async () => {
    const jpeg = await makePhoto('jpeg', { width: 800, height: 600 });
    expect(await refusal(jpeg.subarray(0, Math.floor(jpeg.length * 0.6)))).toEqual({
      status: 422,
      message: PHOTO_MESSAGES.damaged,
    });
  });

  it('refuses an empty file', async () => {
    expect(await refusal(Buffer.alloc(0))).toEqual({ status: 400, message: PHOTO_MESSAGES.empty });
  });
});

describe('re-encoding', () => {
  it.each(['jpeg', 'png', 'webp', 'avif'] as const)('stores a %s as WebP in every size, named by its bytes', async (format) => {
    const photo = await processed(await makePhoto(format, { width: 1400, height: 1050 }));
    expect(photo.files.map((file) => file.name.replace(/^[0-9a-f]{64}/, '#'))).toEqual([
      '#-192.webp',
      '#-384.webp',
      '#-768.webp',
      '#.webp',
    ]);
    const main = photo.files.at(-1)!;
    expect(main.name).toBe(photo.name);
    expect(photo.name).toBe(`${createHash('sha256').update(main.bytes).digest('hex')}.webp`);
    for (const [at, file] of photo.files.entries()) {
      const metadata = await sharp(file.bytes).metadata();
      expect(metadata.format).toBe('webp');
      expect(metadata.width).toBe(PHOTO_WIDTHS[at]);
    }
  });

  it('keeps the colours of a 16-bit PNG and a CMYK JPEG', async () => {
    const orange = { r: 230, g: 120, b: 20 };
    const base = () => sharp({ create: { width: 300, height: 200, channels: 3, background: orange } });
    const inputs = [
      await base().toColourspace('rgb16').png().toBuffer(),
      await base().toColourspace('cmyk').jpeg().toBuffer(),
    ];
    expect((await sharp(inputs[0]!).metadata()).depth).toBe('ushort');
    expect((await sharp(inputs[1]!).metadata()).space).toBe('cmyk');
    for (const input of inputs) {
      const { channels } = await sharp((await processed(input)).files.at(-1)!.bytes).stats();
      const [r, g, b] = channels.map((channel) => channel.mean);
      expect(Math.abs(r! - orange.r) + Math.abs(g! - orange.g) + Math.abs(b! - orange.b)).toBeLessThan(40);
    }
  });

  it('never enlarges a small photo', async () => {
    const photo = await processed(await makePhoto('png', { width: 300, height: 200 }));
    const widths = await Promise.all(photo.files.map(async (file) => (await sharp(file.bytes).metadata()).width));
    expect(widths).toEqual([192, 300, 300, 300]);
  });

  it('strips EXIF and its GPS position from the stored files', async () => {
    const original = await makeJpegWithGps();
    const exif = (await sharp(original).metadata()).exif;
    expect(exif?.includes(GPS_IFD_TAG)).toBe(true);
    const photo = await processed(original);
    for (const file of photo.files) {
      const metadata = await sharp(file.bytes).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(file.bytes.includes(Buffer.from('PhoneCam'))).toBe(false);
    }
  });

  it('gives the same photo the same name (content addressing)', async () => {
    const bytes = await makePhoto('jpeg');
    expect((await processed(bytes)).name).toBe((await processed(bytes)).name);
  });
});

describe('picking a stored size', () => {
  const hash = 'a'.repeat(64);
  it('maps a requested width to the smallest stored size that covers it, on either backend', () => {
    expect(photoUrlForWidth(`/uploads/${hash}.webp`, 96)).toBe(`/uploads/${hash}-192.webp`);
    expect(photoUrlForWidth(`/uploads/${hash}.webp`, 700)).toBe(`/uploads/${hash}-768.webp`);
    expect(photoUrlForWidth(`/uploads/${hash}.webp`, 3840)).toBe(`/uploads/${hash}.webp`);
    const remote = `https://p.supabase.co/storage/v1/object/public/watch-photos/${hash}.webp`;
    expect(photoUrlForWidth(remote, 384)).toBe(remote.replace('.webp', '-384.webp'));
  });

  it('leaves any other image URL alone', () => {
    expect(photoUrlForWidth('/images/watches/a.webp', 384)).toBe('/images/watches/a.webp');
  });
});
