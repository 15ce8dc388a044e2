import { BrandCard } from '@/components/brands/brand-card';
import { ButtonLink } from '@/components/ui/button-link';
import { Eyebrow } from '@/components/ui/eyebrow';
import { BRANDS } from '@/lib/catalog/brands';
import { pageMetadata } from '@/lib/seo/page-metadata';

/** The logos of the first row (four cards on wide screens) are the page's largest paint: load them at once. */
const FIRST_ROW = 4;

export const metadata = pageMetadata({
  title: 'Watch Brands',
  description:
    'Seventeen watch houses, from Rolex and Patek Philippe to NOMOS Glashütte and Franck Muller: explore each brand’s timepieces, sold with an NFT certificate on Solana.',
  path: '/brands',
});

export default function BrandsPage() {
  return (
    <main className="mx-auto max-w-6xl px-5 py-14 sm:py-20">
      <Eyebrow>The maisons</Eyebrow>
      <h1 className="mt-3 font-serif text-4xl font-semibold sm:text-5xl">Watch Brands</h1>
      <p className="mt-4 max-w-2xl text-muted">
        Choose a house to see its timepieces available now, each with an NFT certificate of authenticity.
      </p>
      <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {BRANDS.map((brand, index) => (
          <li key={brand.slug}>
            <BrandCard brand={brand} eager={index < FIRST_ROW} />
          </li>
        ))}
      </ul>
      <div className="mt-14 flex flex-wrap justify-center gap-3">
        <ButtonLink href="/watches">Browse All Watches</ButtonLink>
        <ButtonLink href="/featured" variant="secondary">
          Featured Collection
        </ButtonLink>
      </div>
    </main>
  );
}
