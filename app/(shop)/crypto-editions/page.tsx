import { CatalogSection } from '@/components/catalog/catalog-section';
import { cryptoEditionsListing } from '@/components/catalog/cached-listings';
import { CRYPTO_EDITIONS_COPY } from '@/components/catalog/listing-copy';
import { ListingPage } from '@/components/catalog/listing-page';
import { pageMetadata } from '@/lib/seo/page-metadata';

const TAGLINE = 'Luxury timepieces on the blockchain. Chain-certified. NFT-authenticated.';

export const metadata = pageMetadata({
  title: 'Special Crypto Editions',
  description: `${TAGLINE} Special and crypto editions of ORX watches, paid with SOL.`,
  path: '/crypto-editions',
});

export default function CryptoEditionsPage() {
  return (
    <ListingPage title="Special Crypto Editions" tagline={TAGLINE}>
      <CatalogSection render={cryptoEditionsListing} copy={CRYPTO_EDITIONS_COPY} />
    </ListingPage>
  );
}
