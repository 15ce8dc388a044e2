import { Hero } from '@/components/home/hero';
import { Splash } from '@/components/home/splash';
import { TimePanel } from '@/components/home/time-panel';
import { pageMetadata } from '@/lib/seo/page-metadata';

export const metadata = pageMetadata({
  title: 'Luxury watches with NFT certificates, paid in SOL',
  description:
    'Swiss blockchain timepieces from seventeen maisons, each with an immutable NFT certificate of authenticity on Solana. Pay with SOL, no KYC, worldwide shipping.',
  path: '/',
});

export default function HomePage() {
  return (
    <main>
      <Splash />
      <Hero />
      <TimePanel />
    </main>
  );
}
