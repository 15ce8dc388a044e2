import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cardFonts, cardPicture } from '@/lib/seo/card-assets';

/** The social cards' inputs, read from disk: a picture for every kind of watch, the shop's serif. */

const jpegOf = (publicPath: string) =>
  `data:image/jpeg;base64,${fs.readFileSync(path.join(process.cwd(), 'public', publicPath)).toString('base64')}`;

describe('card pictures', () => {
  it('are the JPEG twin of a shipped picture', async () => {
    expect(await cardPicture('/images/watches/rolex-cosmograph-daytona-126500ln-1.svg')).toBe(
      jpegOf('images/watches/rolex-cosmograph-daytona-126500ln-1.jpg'),
    );
  });

  it('fall back to the placeholder for a pasted URL, a missing twin or no picture', async () => {
    const placeholder = jpegOf('images/watch-placeholder.jpg');
    expect(await cardPicture('https://images.example/watch.jpg')).toBe(placeholder);
    expect(await cardPicture('/images/watches/not-a-watch-1.svg')).toBe(placeholder);
    expect(await cardPicture(undefined)).toBe(placeholder);
  });
});

describe('card fonts', () => {
  it('are the WOFF files of the shop’s serif, Latin and Latin Extended, in two weights', async () => {
    const fonts = await cardFonts();
    expect(fonts.map((font) => [font.name, font.weight])).toEqual([
      ['Cormorant Garamond', 500],
      ['Cormorant Garamond', 600],
      ['Cormorant Garamond', 500],
      ['Cormorant Garamond', 600],
    ]);
    // WOFF, not WOFF2: the card renderer reads only the former.
    for (const font of fonts) expect(Buffer.from(font.data).subarray(0, 4).toString('latin1')).toBe('wOFF');
  });
});
