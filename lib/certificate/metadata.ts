import type { Watch } from '@/lib/catalog/types';
import { PLACEHOLDER_IMAGE } from '@/lib/catalog/images';
import { orderView } from '@/lib/orders/order-view';
import type { Order } from '@/lib/orders/types';
import { nftCertificate, type NftCertificate } from './nft-metadata';
import { passportUrlOf, verifyPageUrl } from './links';

/**
 * The public JSON an NFT certificate's metadata uri points to: SPEC §3's fields and eight
 * attributes, with the order's real signature. The certificate is public and permanent, so the
 * buyer's name, e-mail and shipping address are masked here: the attributes are there, their
 * values cannot be used to find the buyer. (The shop itself keeps them in full on the order.) A
 * watch paid in USDC says so beside SPEC's attributes: the amount paid and its currency. A minted
 * certificate links its /verify page and its passport (issue 53).
 */
export function publicCertificate(
  order: Order,
  watch: Pick<Watch, 'price_sol' | 'image_urls' | 'specs'> | null,
  site: URL,
  /** The minted certificate's card (PNG, with its QR code to /verify); before minting, the watch's picture. */
  cardImage: string | null = null,
): NftCertificate {
  const image = cardImage ?? watch?.specs.nft_image ?? watch?.image_urls[0] ?? PLACEHOLDER_IMAGE;
  const certificate = nftCertificate({
    watch: {
      brand: order.watch.brand,
      model: order.watch.model,
      price_sol: order.solAmount,
      image_urls: [new URL(image, site).toString()],
      specs: {},
    },
    wallet: order.wallet ?? '',
    txHash: order.txHash ?? '',
    shipping: {
      fullName: maskName(order.name),
      email: maskEmail(order.email),
      address: 'Withheld for the owner’s privacy',
    },
  });
  const links = order.certificateMint
    ? { external_url: verifyPageUrl(order.certificateMint, site), passport: passportUrlOf(order.certificateMint, site) }
    : {};
  if (order.currency !== 'USDC') return { ...certificate, ...links };
  const { amount, currency } = orderView(order);
  return {
    ...certificate,
    attributes: [...certificate.attributes, { trait_type: 'Amount Paid', value: amount }, { trait_type: 'Currency', value: currency }],
    ...links,
  };
}

/** "Ada Lovelace" → "A. L." */
export function maskName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => `${[...part][0]!.toUpperCase()}.`)
    .join(' ');
}

/** "ada@example.com" → "a•••@example.com" */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  return `${[...local][0] ?? ''}•••${email.slice(at)}`;
}
