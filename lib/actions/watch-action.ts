import type { ActionGetResponse, LinkedAction } from '@solana/actions';
import type { Watch } from '@/lib/catalog/types';
import { BOX_PAPERS_LABELS, gradeAndYear } from '@/lib/catalog/collector';
import { searchImages } from '@/lib/catalog/raster-images';
import { formatSol } from '@/lib/price/format';
import { SHIPPING_PARAMETERS } from './shipping-parameters';
import { watchActionPath } from './links';

/**
 * A watch as its Solana Action describes it (the GET answer, ActionGetResponse): what a wallet or
 * a blink site shows in its Buy card. The price is the catalogue's; the buttons only choose the
 * currency, and the server fixes the amount again when the POST comes.
 */

/** Whether a buyer could hold a piece now: every piece sold, or every unsold one held by buyers paying. */
export type WatchAvailability = 'free' | 'held' | 'sold-out';

export type WatchActionState = {
  /** The shop's public origin (SITE_URL): the icon and the buttons' links are absolute. */
  origin: string;
  availability: WatchAvailability;
  /** The USD value a USDC payment asks now; null when the shop takes SOL only or cannot price USDC now. */
  usdc: number | null;
};

export const HELD_LABEL = 'Held by another buyer';
export const HELD_MESSAGE = 'Every piece of this watch is held by a buyer who is paying now. Try again in a few minutes.';

let usdc: Intl.NumberFormat | undefined;

/** "9,785.77 USDC". */
export function formatUsdc(amount: number): string {
  usdc ??= new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${usdc.format(amount)} USDC`;
}

export function watchAction(watch: Watch, { origin, availability, usdc: usdcAmount }: WatchActionState): ActionGetResponse {
  const base = {
    type: 'action' as const,
    icon: new URL(searchImages(watch.image_urls)[0]!, origin).href,
    title: `${watch.brand} ${watch.model}`,
    description: describe(watch, usdcAmount),
  };
  if (availability === 'sold-out') return { ...base, label: 'Sold out', disabled: true, error: { message: 'This watch is sold out' } };
  if (availability === 'held') return { ...base, label: HELD_LABEL, disabled: true, error: { message: HELD_MESSAGE } };
  const buy = (currency: 'SOL' | 'USDC', label: string): LinkedAction => ({
    type: 'transaction',
    label,
    href: `${origin}${watchActionPath(watch.id)}?${buyQuery(currency)}`,
    parameters: [...SHIPPING_PARAMETERS],
  });
  const sol = buy('SOL', `Buy for ${formatSol(watch.price_sol)}`);
  return {
    ...base,
    label: sol.label,
    links: { actions: usdcAmount === null ? [sol] : [sol, buy('USDC', `Buy for ${formatUsdc(usdcAmount)}`)] },
  };
}

/**
 * The currency, then each shipping field as the spec's `{name}` placeholder, which the blink
 * client fills in with what the buyer typed.
 */
function buyQuery(currency: 'SOL' | 'USDC'): string {
  return [`currency=${currency}`, ...SHIPPING_PARAMETERS.map(({ name }) => `${name}={${name}}`)].join('&');
}

/** The grade, year, box and papers, and the price: what a collector decides on. */
function describe(watch: Watch, usdcAmount: number | null): string {
  const facts = [gradeAndYear(watch), watch.box_papers && BOX_PAPERS_LABELS[watch.box_papers], watch.reference && `Ref. ${watch.reference}`].filter(Boolean);
  const price = `${formatSol(watch.price_sol)}${usdcAmount === null ? '' : ` or ${formatUsdc(usdcAmount)}`}`;
  return [
    facts.length ? `${facts.join(' · ')}.` : '',
    `${price}, with its NFT certificate of authenticity.`,
    'Say where to ship it, then sign once: the watch is held for you for 10 minutes while you pay.',
  ]
    .filter(Boolean)
    .join(' ');
}
