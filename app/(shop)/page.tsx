import { Suspense } from 'react';
import { FeaturedPreview } from '@/components/catalog/featured-preview';

export default function HomePage() {
  return (
    <main className="mx-auto max-w-6xl px-5 py-16">
      <p className="text-sm tracking-[0.3em] text-gold uppercase">ORX</p>
      <h1 className="mt-3 font-serif text-5xl font-semibold">Swiss blockchain timepieces</h1>
      <p className="mt-4 max-w-2xl text-muted">
        Luxury watches with an immutable NFT certificate of authenticity. Pay with SOL, no KYC.
      </p>
      <Suspense fallback={<p className="mt-10 text-muted">Loading luxury timepieces...</p>}>
        <FeaturedPreview />
      </Suspense>
    </main>
  );
}
