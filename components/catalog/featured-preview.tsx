import { connection } from 'next/server';
import { getCatalogueWatches, getFeaturedWatches } from '@/lib/catalog/cached';

/** A first read of the catalogue on the home page (the full home page comes with the storefront). */
export async function FeaturedPreview() {
  await connection();
  let featured, all;
  try {
    [featured, all] = await Promise.all([getFeaturedWatches(), getCatalogueWatches()]);
  } catch (error) {
    console.error('Loading the catalogue failed', error);
    return <p className="mt-10 text-sold">Unable to load the catalogue right now.</p>;
  }
  const brands = new Set(all.map((watch) => watch.brand));
  return (
    <section aria-labelledby="featured-heading" className="mt-12">
      <p className="text-muted" data-testid="catalogue-size">
        {all.length} timepieces from {brands.size} maisons
      </p>
      <h2 id="featured-heading" className="mt-8 font-serif text-3xl">
        Featured
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {featured.map((watch) => (
          <li key={watch.id} className="rounded-lg border border-line bg-surface p-4">
            <p className="text-xs tracking-widest text-gold uppercase">{watch.brand}</p>
            <p className="mt-1 font-serif text-xl">{watch.model}</p>
            <p className="mt-2 text-sm text-muted">{watch.price_sol} SOL</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
