import type { Metadata } from 'next';
import { CRYPTO_EDITIONS_COPY } from '@/components/catalog/listing-copy';
import { ListingPage } from '@/components/catalog/listing-page';
import { ListingSection, type PageSearchParams } from '@/components/catalog/listing-section';
import { listingMetadata } from '@/lib/seo/listing-metadata';

const TAGLINE = 'Luxury timepieces on the blockchain. Chain-certified. NFT-authenticated.';

const PAGE = {
  title: 'Special Crypto Editions',
  description: `${TAGLINE} Special and crypto editions of ORX watches, paid with SOL.`,
  path: '/crypto-editions',
};

export async function generateMetadata({ searchParams }: { searchParams: PageSearchParams }): Promise<Metadata> {
  return listingMetadata(PAGE, await searchParams);
}

export default function CryptoEditionsPage({ searchParams }: { searchParams: PageSearchParams }) {
  return (
    <ListingPage title="Special Crypto Editions" tagline={TAGLINE}>
      <ListingSection listing="crypto" searchParams={searchParams} copy={CRYPTO_EDITIONS_COPY} label="Crypto editions" />
    </ListingPage>
  );
}
