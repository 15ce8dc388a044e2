import { CRYPTO_EDITIONS_COPY } from '@/components/catalog/listing-copy';
import { ListingPage } from '@/components/catalog/listing-page';
import { ListingSection, type PageSearchParams } from '@/components/catalog/listing-section';
import { pageMetadata } from '@/lib/seo/page-metadata';

const TAGLINE = 'Luxury timepieces on the blockchain. Chain-certified. NFT-authenticated.';

export const metadata = pageMetadata({
  title: 'Special Crypto Editions',
  description: `${TAGLINE} Special and crypto editions of ORX watches, paid with SOL.`,
  path: '/crypto-editions',
});

export default function CryptoEditionsPage({ searchParams }: { searchParams: PageSearchParams }) {
  return (
    <ListingPage title="Special Crypto Editions" tagline={TAGLINE}>
      <ListingSection listing="crypto" searchParams={searchParams} copy={CRYPTO_EDITIONS_COPY} label="Crypto editions" />
    </ListingPage>
  );
}
