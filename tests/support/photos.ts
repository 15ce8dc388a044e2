import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** Test photos made on the spot, so no binary files live in the repository. */

export type PhotoFormat = 'jpeg' | 'png' | 'webp' | 'avif';

/** A photo of `width`×`height` with real detail (noise), in one of the accepted formats. */
export function makePhoto(format: PhotoFormat, { width = 640, height = 480, seed = 128 } = {}): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: seed, sigma: 30 } } })
    .toFormat(format, format === 'avif' ? { effort: 0 } : {})
    .toBuffer();
}

/** A JPEG such as a phone takes: camera make and a GPS position in its EXIF. */
export function makeJpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: '#6b4f2a' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCam', Model: 'Leaky 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '46/1 12/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '6/1 8/1 0/1' },
    })
    .toBuffer();
}

/** The EXIF tag that points at the GPS directory, as TIFF writes it little-endian. */
export const GPS_IFD_TAG = Buffer.from([0x25, 0x88]);

export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);

/** A valid PNG whose header claims `width`×`height` pixels in a few dozen bytes (a decompression bomb). */
export function makePngBomb(width = 20_000, height = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A ZIP archive's end-of-directory record: appended to an image, it makes a GIFAR-like polyglot. */
export const ZIP_END_RECORD = Buffer.concat([Buffer.from('PK\x05\x06', 'latin1'), Buffer.alloc(18)]);
