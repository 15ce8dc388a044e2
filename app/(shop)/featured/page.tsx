import { CatalogSection } from '@/components/catalog/catalog-section';
import { FEATURED_COPY } from '@/components/catalog/listing-copy';
import { ListingPage } from '@/components/catalog/listing-page';
import { EmptyState } from '@/components/catalog/listing-states';
import { WatchGrid } from '@/components/catalog/watch-grid';
import { loadFeaturedSelection } from '@/lib/catalog/cached-featured';
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
      <CatalogSection
        load={loadFeaturedSelection}
        copy={FEATURED_COPY}
      >
        {(watches) =>
          watches.length === 0 ? (
            <EmptyState title={FEATURED_COPY.emptyTitle} message={FEATURED_COPY.emptyMessage} />
          ) : (
            <WatchGrid watches={watches} featured label="Featured watches" />
          )
        }
      </CatalogSection>
    </ListingPage>
  );
}
