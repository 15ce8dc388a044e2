import { CatalogSection } from '@/components/catalog/catalog-section';
import { CRYPTO_EDITIONS_COPY } from '@/components/catalog/listing-copy';
import { ListingPage } from '@/components/catalog/listing-page';
import { WatchListing } from '@/components/catalog/watch-listing';
import { getCatalogueWatches } from '@/lib/catalog/cached';
import { shuffle } from '@/lib/catalog/listing';
import { isCryptoEdition } from '@/lib/catalog/special-editions';
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
      <CatalogSection
        load={async () => shuffle((await getCatalogueWatches()).filter(isCryptoEdition))}
        copy={CRYPTO_EDITIONS_COPY}
      >
        {(watches) => <WatchListing watches={watches} copy={CRYPTO_EDITIONS_COPY} label="Crypto editions" />}
      </CatalogSection>
    </ListingPage>
  );
}
