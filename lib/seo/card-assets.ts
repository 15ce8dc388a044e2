import 'server-only';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { placeholderRaster, shippedRaster } from '@/lib/catalog/raster-images';

type CardFont = { name: string; data: ArrayBuffer; weight: 500 | 600; style: 'normal' };

const FONT_DIR = path.join(process.cwd(), 'node_modules', '@fontsource', 'cormorant-garamond', 'files');

/**
 * The shop's display serif from npm, never fetched from the web. The card renderer reads WOFF, not
 * WOFF2; the Latin Extended subset covers maison and model names beyond Latin-1.
 */
export async function cardFonts(): Promise<CardFont[]> {
  const faces = (['latin', 'latin-ext'] as const).flatMap((subset) => ([500, 600] as const).map((weight) => ({ subset, weight })));
  return Promise.all(
    faces.map(async ({ subset, weight }) => {
      const file = await readFile(path.join(FONT_DIR, `cormorant-garamond-${subset}-${weight}-normal.woff`));
      return { name: 'Cormorant Garamond', data: toArrayBuffer(file), weight, style: 'normal' as const };
    }),
  );
}

/**
 * A picture for a card as a data URL, read from public/ (the renderer would otherwise fetch it over
 * the network). The JPEG twin of a shipped SVG; a pasted URL, or a twin that is missing, gets the
 * placeholder's, so a card always shows a watch.
 */
export async function cardPicture(src: string | undefined): Promise<string> {
  const raster = (src && shippedRaster(src, 'jpg')) || placeholderRaster('jpg');
  const file = await readFile(publicFile(raster)).catch(() => readFile(publicFile(placeholderRaster('jpg'))));
  return `data:image/jpeg;base64,${file.toString('base64')}`;
}

function publicFile(url: string): string {
  return path.join(process.cwd(), 'public', ...url.split('/').filter(Boolean));
}

function toArrayBuffer(buffer: Buffer): ArrayBuffer {
  return buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
}
