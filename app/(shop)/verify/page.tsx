import { redirect } from 'next/navigation';
import { ListingPage } from '@/components/catalog/listing-page';
import { VerifyForm } from '@/components/verify/verify-form';
import { pageMetadata } from '@/lib/seo/page-metadata';

export const metadata = pageMetadata({
  title: 'Authenticity Verification',
  description: 'Check that a watch’s NFT certificate is a genuine ORX certificate, and who holds it now, straight from the Solana chain.',
  path: '/verify',
});

/** The form; a submitted address goes to its own page, /verify/{mint}. */
export default async function VerifyPage({ searchParams }: { searchParams: Promise<{ mint?: string | string[] }> }) {
  const { mint } = await searchParams;
  const address = typeof mint === 'string' ? mint.trim() : '';
  if (address) redirect(`/verify/${encodeURIComponent(address)}`);
  return (
    <ListingPage title="Authenticity Verification" tagline="Every ORX watch comes with an NFT certificate on Solana. Enter its mint address to check it is genuine and see who holds it now.">
      <VerifyForm />
    </ListingPage>
  );
}
