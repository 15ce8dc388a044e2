import type { Watch } from '@/lib/catalog/types';
import { formatEur, formatSol } from '@/lib/price/format';
import { SITEMAP_INDEX_PATH } from './sitemap';

/** The shop's pages, in the order a reader meets them, with what each one is for. */
const PAGES = [
  { path: '/', name: 'Home', about: 'the featured timepieces and what buying at ORX means' },
  { path: '/brands', name: 'Watch Brands', about: 'the seventeen maisons, each leading to its watches' },
  { path: '/watches', name: 'All Watches', about: 'the whole catalogue, searchable and filterable by brand' },
  { path: '/featured', name: 'Featured Collection', about: 'the newest featured watch of each maison and the special editions' },
  { path: '/crypto-editions', name: 'Special Crypto Editions', about: 'watches made for the crypto community' },
] as const;

/**
 * How many of the newest watches llms.txt lists (issue 34): a reader's context holds a few dozen
 * lines, not a catalogue of 10,000; the listings and the sitemap lead to the rest.
 */
export const LLMS_TXT_WATCHES = 50;

/**
 * /llms.txt (llmstxt.org): the shop for language models, in Markdown. An H1 with the name, a
 * blockquote summary, then sections of links: the pages (the listings among them), the newest
 * watches with their prices and stock, and the machine-readable files under "Optional", which a
 * reader short of room may skip.
 */
export function llmsTxt(newestWatches: readonly Watch[], base: URL): string {
  const url = (path: string) => new URL(path, base).href;
  const link = (name: string, path: string, about: string) => `- [${escapeLinkText(name)}](${url(path)}): ${about}`;
  const lines = [
    '# ORX',
    '',
    '> ORX sells luxury watches from seventeen Swiss and German maisons, priced in SOL and EUR. Every',
    '> watch is sold with an NFT certificate of authenticity and ownership on Solana and is bought',
    '> with a Solana wallet; shipping is worldwide.',
    '',
    '## Pages',
    '',
    ...PAGES.map((page) => link(page.name, page.path, page.about)),
  ];
  if (newestWatches.length) {
    lines.push('', '## Newest Watches', '');
    for (const watch of newestWatches) {
      const stock = watch.available ? 'available' : 'sold out';
      lines.push(link(`${watch.brand} ${watch.model}`, `/watches/${watch.id}`, `${formatSol(watch.price_sol)} (${formatEur(watch.price_eur)}), ${stock}`));
    }
  }
  lines.push('', '## Optional', '', link('Sitemap', SITEMAP_INDEX_PATH, 'every page and every watch, with its images'), '');
  return lines.join('\n');
}

/** Brackets and backslashes in a catalogue name would end a Markdown link's text early. */
function escapeLinkText(text: string): string {
  return text.replace(/[\\[\]]/g, (char) => `\\${char}`).replace(/\s+/g, ' ');
}
