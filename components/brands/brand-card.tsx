'use client';

import { useRouter } from 'next/navigation';
import { useTransition, type MouseEvent } from 'react';
import { isModifiedClick, ShopLink } from '@/components/ui/shop-link';
import { brandWatchesPath, resolveBrandDestination } from '@/lib/catalog/brand-destination';
import type { Brand } from '@/lib/catalog/brands';

/**
 * A brand card. It is a real link to the brand's listing (crawlers, no JavaScript, new tabs); a
 * plain click first checks that the brand has an available watch, showing 'Loading...' meanwhile;
 * one made before the page is interactive does so once it is (`data-hold-press`, lib/hold-press.ts).
 */
export function BrandCard({ brand, eager = false }: { brand: Brand; eager?: boolean }) {
  const router = useRouter();
  const [loading, startTransition] = useTransition();

  const explore = (event: MouseEvent<HTMLAnchorElement>) => {
    if (isModifiedClick(event)) return;
    event.preventDefault();
    if (loading) return;
    startTransition(async () => {
      const destination = await resolveBrandDestination(brand.name);
      // Stays pending, so 'Loading...' stays, until the next page is shown.
      startTransition(() => router.push(destination));
    });
  };

  return (
    <ShopLink
      data-hold-press=""
      href={brandWatchesPath(brand.name)}
      onClick={explore}
      aria-busy={loading}
      className="group flex h-full flex-col rounded-xl border border-line bg-surface p-5 transition-colors hover:border-gold/70"
    >
      {/* A plain <img>: the logos are SVGs, which next/image passes through unchanged, and its
          client code is not worth a page's first load (lib/catalog/image-sources.ts). */}
      {/* eslint-disable-next-line @next/next/no-img-element -- see above */}
      <img
        src={brand.logo}
        alt={`${brand.name} logo`}
        width={400}
        height={200}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : 'auto'}
        decoding="async"
        className="aspect-[2/1] w-full rounded-lg text-transparent"
      />
      <h2 className="mt-5 font-serif text-2xl font-semibold">{brand.name}</h2>
      <p className="mt-2 text-sm text-muted">{brand.tagline}</p>
      <p className="mt-4 text-xs tracking-[0.25em] text-gold uppercase">Since {brand.founded}</p>
      <p className="mt-1 text-sm text-ivory">{brand.specialty}</p>
      <span className="mt-auto self-start pt-5">
        <span className="inline-flex min-h-10 items-center rounded-full border border-gold/60 px-5 text-sm text-gold transition-colors group-hover:border-gold-bright group-hover:text-gold-bright">
          {loading ? 'Loading...' : 'Explore'}
        </span>
      </span>
    </ShopLink>
  );
}
