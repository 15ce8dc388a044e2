import { CatalogSection } from '@/components/catalog/catalog-section';
import { WATCHES_COPY } from '@/components/catalog/listing-copy';
import { ListingPage } from '@/components/catalog/listing-page';
import { WatchListing } from '@/components/catalog/watch-listing';
import { getCatalogueWatches } from '@/lib/catalog/cached';
import { shuffle } from '@/lib/catalog/listing';
import { pageMetadata } from '@/lib/seo/page-metadata';

export const metadata = pageMetadata({
  title: 'All Watches',
  description:
    'Every ORX timepiece from seventeen Swiss and German maisons, each with an NFT certificate of authenticity. Search, filter by brand and pay with SOL.',
  path: '/watches',
});

export default function WatchesPage() {
  return (
    <ListingPage title="All Watches">
      <CatalogSection
        load={async () => shuffle(await getCatalogueWatches())}
        copy={WATCHES_COPY}
      >
        {(watches) => <WatchListing watches={watches} copy={WATCHES_COPY} label="All watches" />}
      </CatalogSection>
    </ListingPage>
  );
}
