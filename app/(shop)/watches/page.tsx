import { WATCHES_COPY } from '@/components/catalog/listing-copy';
import { ListingPage } from '@/components/catalog/listing-page';
import { ListingSection, type PageSearchParams } from '@/components/catalog/listing-section';
import { pageMetadata } from '@/lib/seo/page-metadata';

export const metadata = pageMetadata({
  title: 'All Watches',
  description:
    'Every ORX timepiece from seventeen Swiss and German maisons, each with an NFT certificate of authenticity. Search, filter by brand and pay with SOL.',
  path: '/watches',
});

export default function WatchesPage({ searchParams }: { searchParams: PageSearchParams }) {
  return (
    <ListingPage title="All Watches">
      <ListingSection listing="all" searchParams={searchParams} copy={WATCHES_COPY} label="All watches" />
    </ListingPage>
  );
}
