/**
 * Draws the raster twins of the shop's SVG art (lib/catalog/raster-images.ts): for every watch
 * view and the placeholder, a WebP for search engines (JSON-LD, the sitemap) and a JPEG for the
 * social cards. Link previews and Google's product results do not show SVG.
 *
 * The files are committed beside their SVGs, like the SVGs themselves: the
 * shop then needs no image tool at build or run time, and a clean clone serves them as they are.
 * Run after scripts/generate-images.ts (`npm run images` runs both).
 *
 * The NFT certificate cards and the brand emblems stay SVG only: no consumer needs them as rasters.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const IMAGES = path.join(process.cwd(), 'public', 'images');
const WATCH_DIR = path.join(IMAGES, 'watches');
/** The art's own size (its viewBox): the size the pages show it at, at most. */
const SIZE = 800;
/** The shop's background, under the art's transparent corners (JPEG has no alpha). */
const BACKGROUND = '#0b0b0d';

/** The watch views (`<slug>-<n>.svg`) and the placeholder; not the `-nft` certificate cards. */
function sources(): string[] {
  const views = fs
    .readdirSync(WATCH_DIR)
    .filter((name) => /-\d+\.svg$/.test(name))
    .map((name) => path.join(WATCH_DIR, name));
  return [...views, path.join(IMAGES, 'watch-placeholder.svg')];
}

async function rasterize(svgPath: string): Promise<void> {
  const image = sharp(svgPath).resize(SIZE, SIZE, { fit: 'contain', background: BACKGROUND });
  const base = svgPath.replace(/\.svg$/, '');
  await image.clone().webp({ quality: 80 }).toFile(`${base}.webp`);
  await image.clone().flatten({ background: BACKGROUND }).jpeg({ quality: 82, mozjpeg: true }).toFile(`${base}.jpg`);
}

async function main(): Promise<void> {
  const files = sources();
  for (const file of files) await rasterize(file);
  const stale = fs
    .readdirSync(WATCH_DIR)
    .filter((name) => /\.(webp|jpg)$/.test(name) && !fs.existsSync(path.join(WATCH_DIR, name.replace(/\.(webp|jpg)$/, '.svg'))));
  for (const name of stale) fs.rmSync(path.join(WATCH_DIR, name));
  console.log(`Wrote WebP and JPEG versions of ${files.length} images${stale.length ? `, removed ${stale.length} stale` : ''}.`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
