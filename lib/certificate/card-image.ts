import 'server-only';
import fs from 'node:fs/promises';
import path from 'node:path';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { PLACEHOLDER_IMAGE } from '@/lib/catalog/images';

/**
 * The certificate's picture, as wallets show it from the token's metadata: a PNG card (wallets and
 * marketplaces do not all draw SVG) with the watch, its name, and a QR code to the certificate's
 * /verify page, so whoever holds the watch or sees the token can check it.
 */

export const CARD_WIDTH = 800;
export const CARD_HEIGHT = 1000;
const PICTURE_SIZE = 520;
const QR_SIZE = 200;

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

const publicFile = (src: string) => path.join(/* turbopackIgnore: true */ process.cwd(), 'public', ...src.split('/').filter(Boolean));

/** A picture the shop ships in public/images (SVG or raster; sharp draws both). */
const SHIPPED_PICTURE = /^\/images\/(?:[a-z0-9-]+\/)*[a-z0-9-]+\.(?:svg|jpg|webp|png)$/;

/** The watch's shipped picture, else the placeholder: never a remote file. */
async function pictureOf(image: string | null): Promise<Buffer> {
  const source = image && SHIPPED_PICTURE.test(image) ? image : PLACEHOLDER_IMAGE;
  const bytes = await fs.readFile(publicFile(source)).catch(() => fs.readFile(publicFile(PLACEHOLDER_IMAGE)));
  return sharp(bytes).resize(PICTURE_SIZE, PICTURE_SIZE, { fit: 'contain', background: '#0b0b0d' }).png().toBuffer();
}

export async function certificateCardPng({ brand, model, image, verifyUrl }: { brand: string; model: string; image: string | null; verifyUrl: string }): Promise<Buffer> {
  const frame = `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}">
  <rect width="100%" height="100%" fill="#0b0b0d"/>
  <rect x="20" y="20" width="${CARD_WIDTH - 40}" height="${CARD_HEIGHT - 40}" fill="none" stroke="#c9a96e" stroke-width="2" rx="16"/>
  <text x="50%" y="86" text-anchor="middle" font-family="serif" font-size="44" letter-spacing="12" fill="#c9a96e">ORX</text>
  <text x="50%" y="124" text-anchor="middle" font-family="sans-serif" font-size="18" letter-spacing="4" fill="#a8a29e">CERTIFICATE OF AUTHENTICITY</text>
  <text x="60" y="740" font-family="serif" font-size="34" fill="#f5f0e6">${escapeXml(brand)}</text>
  <text x="60" y="784" font-family="sans-serif" font-size="24" fill="#f5f0e6">${escapeXml(model.length > 34 ? `${model.slice(0, 33)}…` : model)}</text>
  <text x="60" y="880" font-family="sans-serif" font-size="18" fill="#a8a29e">Scan to verify on the</text>
  <text x="60" y="906" font-family="sans-serif" font-size="18" fill="#a8a29e">Solana chain</text>
</svg>`;
  const qr = await QRCode.toBuffer(verifyUrl, { type: 'png', width: QR_SIZE, margin: 2, errorCorrectionLevel: 'M', color: { dark: '#000000', light: '#ffffff' } });
  return sharp(Buffer.from(frame))
    .composite([
      { input: await pictureOf(image), left: (CARD_WIDTH - PICTURE_SIZE) / 2, top: 160 },
      { input: qr, left: CARD_WIDTH - QR_SIZE - 60, top: CARD_HEIGHT - QR_SIZE - 60 },
    ])
    .png()
    .toBuffer();
}
