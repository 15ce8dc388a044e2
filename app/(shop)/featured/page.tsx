import { CatalogSection } from '@/components/catalog/catalog-section';
import { featuredListing } from '@/components/catalog/cached-listings';
import { FEATURED_COPY } from '@/components/catalog/listing-copy';
import { ListingPage } from '@/components/catalog/listing-page';
import { pageMetadata } from '@/lib/seo/page-metadata';

export const metadata = pageMetadata({
  title: 'Featured Collection',
  description:
    'The ORX featured collection: the newest featured timepiece of each maison and rare special editions, each with an NFT certificate. Pay with SOL.',
  path: '/featured',
});

export default function FeaturedPage() {
  return (
    <ListingPage title="Featured Collection">
      <CatalogSection render={featuredListing} copy={FEATURED_COPY} />
    </ListingPage>
  );
}
