import { generatedCollectorData, type CollectorTemplate } from './generated-collector-data';
import type { Watch, WatchFields } from './types';

/**
 * A large, plausible catalogue for measuring (issue 34: "10,000 watches, and every page as light
 * and fast as with 40"), made from the demo's own watches (supabase/seed.sql): their brands,
 * models, references, descriptions, features and art, in variants with their own prices, ages,
 * grades and stock (many pieces of one reference, as a dealer lists them). The same size gives the same watches, so measurements can be repeated.
 * scripts/generate-catalogue.ts writes them into the configured database.
 */

/** What a generated watch takes from a demo watch. */
export type WatchTemplate = Pick<Watch, 'brand' | 'model' | 'description' | 'image_urls' | 'price_eur' | 'specs' | 'features'> &
  CollectorTemplate;

/** A generated watch as it is inserted: the database gives its id and availability. */
export type GeneratedWatch = WatchFields & { created_at: string };

/** The exchange rate of the demo's prices (EUR per SOL). */
const EUR_PER_SOL = 140;
/** The newest generated watch; a fixed date, not today, so that a size always gives the same rows. */
const NEWEST = Date.parse('2026-11-01T00:00:00Z');
/** The generated watches are spread over the three years before NEWEST. */
const SPREAD_MS = 3 * 365 * 24 * 60 * 60 * 1000;

const VARIANTS = [
  'Blue Dial', 'Black Dial', 'Silver Dial', 'Green Dial', 'Salmon Dial', 'Meteorite Dial', 'Titanium',
  'Rose Gold', 'Yellow Gold', 'White Gold', 'Platinum', 'Two-Tone', 'Ceramic', 'Bronze', '38 mm', '41 mm',
  'Skeleton', 'Boutique Edition', 'Anniversary', 'Jubilee Bracelet', 'Leather Strap', 'Rubber Strap',
] as const;

const VARIANT_LINES = [
  'This variant trades the original dial for a deeper, sunburst finish.',
  'A quieter reading of the reference, made in a short run.',
  'Delivered with a second strap and the full set of papers.',
  'The case is brushed rather than polished, for everyday wear.',
  'A collector’s configuration, serviced and checked by the workshop.',
] as const;

/** The listing rules' markers (SPEC §2): the generated editions get their own, not the demo's. */
const SPECIAL_MARKERS = ['nft_certified', 'Special Edition', 'crypto', 'blockchain', 'QR'] as const;
const EDITION_FEATURES = [
  'nft_certified',
  'Special Edition of 100',
  'Special Edition of 25',
  'Crypto-native dial',
  'Provenance anchored on the blockchain',
  'QR-linked provenance record',
] as const;

/** One in SOLD_OUT_ONE_IN is sold out, one in EDITION_ONE_IN a special or crypto edition, one in FEATURED_ONE_IN featured. */
const SOLD_OUT_ONE_IN = 8;
const EDITION_ONE_IN = 6;
const FEATURED_ONE_IN = 40;

/** A small seeded generator (mulberry32): the same seed, the same numbers. */
function randomFrom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

const pick = <T>(items: readonly T[], random: () => number): T => items[Math.floor(random() * items.length)]!;

/** Watch `index` (from 0) of a generated catalogue of `size` watches. */
export function generatedWatch(templates: readonly WatchTemplate[], index: number, size: number): GeneratedWatch {
  const random = randomFrom(index * 2_654_435_761 + size);
  const template = templates[index % templates.length]!;
  const variant = pick(VARIANTS, random);
  const price_eur = Math.max(500, Math.round((template.price_eur * (0.6 + random() * 1.1)) / 50) * 50);
  const edition = random() < 1 / EDITION_ONE_IN;
  const ordinary = template.features.filter((feature) => !SPECIAL_MARKERS.some((marker) => feature.includes(marker)));
  const watch = {
    brand: template.brand,
    model: `${template.model} ${variant}`,
    description: `${template.description} ${pick(VARIANT_LINES, random)}`,
    image_urls: template.image_urls,
    price_eur,
    price_sol: Math.round((price_eur / EUR_PER_SOL) * 100) / 100,
    specs: template.specs,
    features: edition ? [pick(EDITION_FEATURES, random), ...ordinary] : ordinary,
    featured: random() < 1 / FEATURED_ONE_IN,
    stock: random() < 1 / SOLD_OUT_ONE_IN ? 0 : edition ? 1 + Math.floor(random() * 5) : 1,
    // Evenly spread, index 0 the oldest, each at a random moment of its own slot: no two share a time.
    created_at: new Date(NEWEST - SPREAD_MS + Math.floor(((index + random()) / size) * SPREAD_MS)).toISOString(),
  };
  return { ...watch, ...generatedCollectorData(template, variant, watch.created_at, random) };
}

/** Watches `from` to `to` (excluded) of a generated catalogue of `size`. */
export function generatedWatches(templates: readonly WatchTemplate[], size: number, from: number, to: number): GeneratedWatch[] {
  return Array.from({ length: Math.max(0, Math.min(to, size) - from) }, (_, offset) => generatedWatch(templates, from + offset, size));
}
