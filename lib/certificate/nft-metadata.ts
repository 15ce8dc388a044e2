import type { Watch } from '@/lib/catalog/types';

/** SPEC §8's internal message when a mint fails. */
export const MINT_FAILED_MESSAGE = 'Failed to mint NFT';

/** The certificates' symbol (SPEC §3). */
export const NFT_SYMBOL = 'ORX';

/** The NFT certificate metadata of SPEC §3. */
export type NftCertificate = {
  name: string;
  symbol: typeof NFT_SYMBOL;
  description: string;
  image: string;
  attributes: { trait_type: string; value: string }[];
  /** A minted certificate's /verify page, where wallets and marketplaces link "view". */
  external_url?: string;
  /** A minted certificate's passport (GET /passport/{mint}.json, docs/passport.md). */
  passport?: string;
};

export type CertificateSale = {
  watch: Pick<Watch, 'brand' | 'model' | 'price_sol' | 'image_urls' | 'specs'>;
  wallet: string;
  txHash: string;
  shipping: { fullName: string; email: string; address: string };
};

export function nftCertificate({ watch, wallet, txHash, shipping }: CertificateSale): NftCertificate {
  return {
    name: `${watch.brand} ${watch.model} Certificate`,
    symbol: NFT_SYMBOL,
    description: `Certificate of authenticity and ownership for the ${watch.brand} ${watch.model}, issued by ORX.`,
    image: watch.specs.nft_image ?? watch.image_urls[0] ?? '',
    attributes: [
      { trait_type: 'Watch Model', value: watch.model },
      { trait_type: 'Brand', value: watch.brand },
      { trait_type: 'SOL Paid', value: String(watch.price_sol) },
      { trait_type: 'Wallet Address', value: wallet },
      { trait_type: 'Transaction Hash', value: txHash },
      { trait_type: 'Customer Name', value: shipping.fullName.trim() },
      { trait_type: 'Email', value: shipping.email.trim() },
      { trait_type: 'Shipping Address', value: shipping.address.trim() },
    ],
  };
}
