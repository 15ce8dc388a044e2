import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { toShopWatch } from '@/lib/catalog/shop-watch';
import type { CollectorData } from '@/lib/catalog/collector';
import type { Watch } from '@/lib/catalog/types';

/** The collector's data of the watch: all of it goes to the browser, for the detail views. */
const COLLECTED: CollectorData = {
  reference: '126500LN',
  production_year: 2023,
  production_year_circa: false,
  warranty_date: '2023-06-14',
  condition: 'excellent',
  box_papers: 'both',
  serviced_on: null,
  serviced_by: null,
  case_diameter_mm: 40,
  case_material: 'steel',
  movement_type: 'automatic',
};

const watch: Watch = {
  id: '6f1c2d3e-4b5a-4c6d-8e7f-8091a2b3c4d5',
  brand: 'Rolex',
  model: 'Cosmograph Daytona',
  description: 'The chronograph of endurance racing.',
  image_urls: ['/images/watches/a.webp', '/images/watches/b.webp'],
  price_eur: 32500,
  price_sol: 232.14,
  specs: { nft_image: '/images/watches/a-nft.svg' },
  features: ['Chronograph', 'Tachymeter scale', 'NFT certificate of authenticity'],
  featured: true,
  stock: 3,
  available: true,
  created_at: '2026-10-29T10:02:03.629Z',
  ...COLLECTED,
};

describe('toShopWatch', () => {
  it("keeps what a card, the detail dialog (the collector's data too) and the Buy button use, and nothing of the server's own fields", () => {
    expect(toShopWatch(watch)).toStrictEqual({
      id: watch.id,
      brand: 'Rolex',
      model: 'Cosmograph Daytona',
      description: 'The chronograph of endurance racing.',
      image_urls: watch.image_urls,
      price_sol: 232.14,
      specs: watch.specs,
      features: watch.features,
      available: true,
      ...COLLECTED,
    });
  });

  it('shows the shop\'s own SVG art by its raster twin, and every other picture as stored', () => {
    const pictures = [
      '/images/watches/rolex-cosmograph-daytona-126500ln-1.svg',
      '/images/watch-placeholder.svg',
      '/images/brands/rolex.svg',
      'https://cdn.example.com/watch.svg',
      `/uploads/${'a'.repeat(64)}.webp`,
    ];
    expect(toShopWatch({ ...watch, image_urls: pictures }).image_urls).toEqual([
      '/images/watches/rolex-cosmograph-daytona-126500ln-1.webp',
      '/images/watch-placeholder.webp',
      '/images/brands/rolex.svg',
      'https://cdn.example.com/watch.svg',
      `/uploads/${'a'.repeat(64)}.webp`,
    ]);
    for (const twin of ['rolex-cosmograph-daytona-126500ln-1', 'omega-speedmaster-moonwatch-professional-3']) {
      expect(fs.existsSync(path.join('public/images/watches', `${twin}.webp`)), twin).toBe(true);
    }
  });
});
