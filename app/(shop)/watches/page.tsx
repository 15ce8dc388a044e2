import { CatalogSection } from '@/components/catalog/catalog-section';
import { watchesListing } from '@/components/catalog/cached-listings';
import { WATCHES_COPY } from '@/components/catalog/listing-copy';
import { ListingPage } from '@/components/catalog/listing-page';
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
      <CatalogSection render={watchesListing} copy={WATCHES_COPY} />
    </ListingPage>
  );
}
