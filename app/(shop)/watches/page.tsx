import type { Metadata } from 'next';
import { WATCHES_COPY } from '@/components/catalog/listing-copy';
import { ListingPage } from '@/components/catalog/listing-page';
import { ListingSection, type PageSearchParams } from '@/components/catalog/listing-section';
import { listingMetadata } from '@/lib/seo/listing-metadata';

const PAGE = {
  title: 'All Watches',
  description:
    'Every ORX timepiece from seventeen Swiss and German maisons, each with an NFT certificate of authenticity. Search, filter by brand, condition, year and box and papers, and pay with SOL.',
  path: '/watches',
};

export async function generateMetadata({ searchParams }: { searchParams: PageSearchParams }): Promise<Metadata> {
  return listingMetadata(PAGE, await searchParams);
}

export default function WatchesPage({ searchParams }: { searchParams: PageSearchParams }) {
  return (
    <ListingPage title="All Watches">
      <ListingSection listing="all" searchParams={searchParams} copy={WATCHES_COPY} label="All watches" />
    </ListingPage>
  );
}
