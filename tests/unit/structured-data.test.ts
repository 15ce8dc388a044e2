import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { placeholderRaster, searchImages, shippedRaster } from '@/lib/catalog/raster-images';
import { breadcrumbJsonLd, inlineScriptJson, productJsonLd } from '@/lib/catalog/structured-data';
import { catalogWatch as watch } from '../support/catalog-watch';

/**
 * Google's documented requirements for merchant listings (developers.google.com/search/docs/
 * appearance/structured-data/merchant-listing) and breadcrumbs (…/structured-data/breadcrumb),
 * written as a checker: it lists what a listing lacks, so each rule can be seen to fail.
 */
const RASTER = /\.(jpe?g|png|webp|gif)$/i;
const ITEM_AVAILABILITY = ['InStock', 'OutOfStock', 'SoldOut', 'PreOrder', 'BackOrder', 'Discontinued', 'LimitedAvailability'];
const ITEM_CONDITION = ['NewCondition', 'UsedCondition', 'RefurbishedCondition', 'DamagedCondition'];
/** ISO 4217 three-letter code. */
const CURRENCY = /^[A-Z]{3}$/;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
const isAbsoluteUrl = (value: unknown) => isText(value) && /^https?:\/\//.test(value);

function merchantListingProblems(data: Json): string[] {
  const problems: string[] = [];
  if (data['@context'] !== 'https://schema.org') problems.push('@context is not https://schema.org');
  if (data['@type'] !== 'Product') problems.push('@type is not Product');
  if (!isText(data.name)) problems.push('Product.name is required');
  const images = Array.isArray(data.image) ? data.image : [data.image];
  if (images.length === 0 || !images.every((image) => isAbsoluteUrl(image) && RASTER.test(new URL(image as string).pathname))) {
    problems.push('Product.image is required: absolute URLs of raster images Google can index');
  }
  if (!isObject(data.brand) || data.brand['@type'] !== 'Brand' || !isText(data.brand.name)) problems.push('Product.brand.name is recommended');
  if (!isText(data.sku)) problems.push('Product.sku is recommended');
  if (!isText(data.description)) problems.push('Product.description is recommended');
  const offer = data.offers;
  if (!isObject(offer) || offer['@type'] !== 'Offer') return [...problems, 'Product.offers is required: an Offer'];
  const price = Number(offer.price);
  if (!(typeof offer.price === 'string' || typeof offer.price === 'number') || !(price > 0)) problems.push('Offer.price is required, above zero');
  if (typeof offer.price === 'string' && !/^\d+(\.\d+)?$/.test(offer.price)) problems.push('Offer.price must use a dot and no currency symbol');
  if (!isText(offer.priceCurrency) || !CURRENCY.test(offer.priceCurrency)) problems.push('Offer.priceCurrency is required: an ISO 4217 code');
  if (!ITEM_AVAILABILITY.some((value) => offer.availability === `https://schema.org/${value}`)) problems.push('Offer.availability must be a schema.org ItemAvailability');
  // Recommended, not required: a watch nobody has graded says no condition rather than a wrong one.
  if (offer.itemCondition !== undefined && !ITEM_CONDITION.some((value) => offer.itemCondition === `https://schema.org/${value}`)) {
    problems.push('Offer.itemCondition must be a schema.org OfferItemCondition');
  }
  if (!isObject(offer.seller) || !isText(offer.seller.name)) problems.push('Offer.seller needs a name');
  if (!isAbsoluteUrl(offer.url)) problems.push('Offer.url should be the page');
  return problems;
}

function breadcrumbProblems(data: Json): string[] {
  const problems: string[] = [];
  if (data['@type'] !== 'BreadcrumbList') problems.push('@type is not BreadcrumbList');
  const items = Array.isArray(data.itemListElement) ? data.itemListElement : [];
  if (items.length < 2) problems.push('BreadcrumbList needs at least two ListItems');
  items.forEach((item: unknown, index) => {
    if (!isObject(item) || item['@type'] !== 'ListItem') return problems.push(`item ${index + 1} is not a ListItem`);
    if (item.position !== index + 1) problems.push(`item ${index + 1} has position ${String(item.position)}`);
    if (!isText(item.name)) problems.push(`item ${index + 1} has no name`);
    // Only the last step may leave out its URL.
    if (index < items.length - 1 && !isAbsoluteUrl(item.item)) problems.push(`item ${index + 1} has no absolute URL`);
  });
  return problems;
}


const page = new URL('https://orx.example/watches/abc');

describe('the merchant-listing checker', () => {
  it('finds what a bare Product lacks', () => {
    expect(merchantListingProblems({ '@context': 'https://schema.org', '@type': 'Product', name: 'X', image: ['https://x.example/a.svg'] })).toEqual([
      'Product.image is required: absolute URLs of raster images Google can index',
      'Product.brand.name is recommended',
      'Product.sku is recommended',
      'Product.description is recommended',
      'Product.offers is required: an Offer',
    ]);
  });

  it('finds a bad offer', () => {
    const data = productJsonLd(watch(), page);
    const offers = { ...data.offers, price: '€7,100', priceCurrency: 'euro', itemCondition: 'new', seller: {} };
    expect(merchantListingProblems({ ...data, offers })).toEqual([
      'Offer.price is required, above zero',
      'Offer.price must use a dot and no currency symbol',
      'Offer.priceCurrency is required: an ISO 4217 code',
      'Offer.itemCondition must be a schema.org OfferItemCondition',
      'Offer.seller needs a name',
    ]);
  });
});

describe('Product structured data', () => {
  it('meets the merchant-listing requirements, for a watch on sale and a sold-out one', () => {
    expect(merchantListingProblems(productJsonLd(watch(), page))).toEqual([]);
    const soldOut = productJsonLd(watch({ available: false, specs: {} }), page);
    expect(merchantListingProblems(soldOut)).toEqual([]);
    expect(soldOut.offers.availability).toBe('https://schema.org/SoldOut');
  });

  it('offers the watch at its EUR price, new, sold by ORX, with the WebP twins of its pictures', () => {
    const listed = watch();
    const data = productJsonLd(listed, page);
    expect(data).toMatchObject({
      name: 'Omega Speedmaster',
      brand: { name: 'Omega' },
      sku: listed.id,
      mpn: '310.30',
      productionDate: '2024',
      image: ['https://orx.example/images/watches/omega-speedmaster-1.webp', 'https://orx.example/images/watches/omega-speedmaster-2.webp'],
      offers: {
        price: '7100.00',
        priceCurrency: 'EUR',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
        seller: { '@type': 'Organization', name: 'ORX', url: 'https://orx.example/' },
        url: 'https://orx.example/watches/abc',
      },
    });
  });

  it("says a worn watch is used, and leaves out what nobody said: a grade, a reference, a year known only to its decade", () => {
    const worn = productJsonLd(watch({ condition: 'very-good' }), page);
    expect(worn.offers.itemCondition).toBe('https://schema.org/UsedCondition');
    expect(merchantListingProblems(worn)).toEqual([]);
    const plain = watch({ reference: null, condition: null, production_year: 1970, production_year_circa: true });
    const data = productJsonLd(plain, page);
    expect(data.sku).toBe(plain.id);
    expect(data).not.toHaveProperty('mpn');
    expect(data).not.toHaveProperty('productionDate');
    expect(data.offers).not.toHaveProperty('itemCondition');
    expect(merchantListingProblems(data)).toEqual([]);
  });

  it('keeps a pasted or uploaded raster picture and falls back to the placeholder when no picture is a raster', () => {
    const pasted = productJsonLd(watch({ image_urls: ['https://cdn.example/w.JPG?v=2', 'https://cdn.example/w.svg'] }), page);
    expect(pasted.image).toEqual(['https://cdn.example/w.JPG?v=2']);
    const uploaded = productJsonLd(watch({ image_urls: ['/uploads/0a1b.webp', '//cdn.example/w.jpg'] }), page);
    expect(uploaded.image).toEqual(['https://orx.example/uploads/0a1b.webp']);
    const none = productJsonLd(watch({ image_urls: ['https://cdn.example/w.svg'] }), page);
    expect(none.image).toEqual(['https://orx.example/images/watch-placeholder.webp']);
  });

  it('cannot close its script element', () => {
    const json = inlineScriptJson({ description: '</script><script>alert(1)</script>' });
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual({ description: '</script><script>alert(1)</script>' });
  });
});

describe('BreadcrumbList', () => {
  it('leads Home › All Watches › the watch, every step an absolute URL', () => {
    const data = breadcrumbJsonLd(watch(), page);
    expect(breadcrumbProblems(data)).toEqual([]);
    expect(data.itemListElement.map((item) => [item.name, item.item])).toEqual([
      ['Home', 'https://orx.example/'],
      ['All Watches', 'https://orx.example/watches'],
      ['Omega Speedmaster', 'https://orx.example/watches/abc'],
    ]);
  });

  it('is checked: a skipped position or missing URL is found', () => {
    const data = breadcrumbJsonLd(watch(), page);
    const [home, all, leaf] = data.itemListElement;
    expect(breadcrumbProblems({ ...data, itemListElement: [{ ...home, item: '/' }, { ...all, position: 3 }, leaf] })).toEqual([
      'item 1 has no absolute URL',
      'item 2 has position 3',
    ]);
  });
});

describe('raster images', () => {
  it('maps a shipped SVG to its twin and nothing else', () => {
    expect(shippedRaster('/images/watches/a-1.svg', 'jpg')).toBe('/images/watches/a-1.jpg');
    expect(shippedRaster('https://cdn.example/a.svg', 'webp')).toBeNull();
    expect(shippedRaster('/images/../secret.svg', 'webp')).toBeNull();
    expect(searchImages([])).toEqual([placeholderRaster('webp')]);
  });

  it('is on disk, a real WebP and JPEG, for every picture of the demo catalogue and the placeholder', () => {
    const seed = fs.readFileSync(path.join(process.cwd(), 'supabase/seed.sql'), 'utf8');
    const pictures = new Set([...seed.matchAll(/'(\/images\/watches\/[a-z0-9-]+-\d+\.svg)'/g)].map((match) => match[1] ?? ''));
    expect(pictures.size).toBeGreaterThan(80);
    for (const svg of [...pictures, '/images/watch-placeholder.svg']) {
      for (const format of ['webp', 'jpg'] as const) {
        const file = path.join(process.cwd(), 'public', shippedRaster(svg, format) ?? '');
        const head = fs.readFileSync(file).subarray(0, 12);
        const isFormat = format === 'jpg' ? head[0] === 0xff && head[1] === 0xd8 : head.toString('latin1', 8, 12) === 'WEBP';
        expect(isFormat, file).toBe(true);
      }
    }
  });
});
