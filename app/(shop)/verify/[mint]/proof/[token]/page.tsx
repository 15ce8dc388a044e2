import type { Metadata } from 'next';
import { connection } from 'next/server';
import { Suspense } from 'react';
import { ListingPage } from '@/components/catalog/listing-page';
import { PossessionProofView } from '@/components/verify/possession-proof-view';
import { parseChainConfig } from '@/lib/config';

type Params = { params: Promise<{ mint: string; token: string }> };

export const metadata: Metadata = {
  title: 'Proof of Possession',
  description: 'Which wallet holds this ORX certificate, proven by its signature a few minutes ago.',
  robots: { index: false, follow: false },
};

/** A holder's proof of possession of a certificate, read when the page is asked for. */
export default function PossessionProofPage({ params }: Params) {
  return (
    <ListingPage title="Proof of Possession">
      <Suspense fallback={<p role="status" className="text-muted">Checking the proof…</p>}>
        <Proof params={params} />
      </Suspense>
    </ListingPage>
  );
}

async function Proof({ params }: Params) {
  // Per request, never prerendered: a proof expires.
  await connection();
  const { mint, token } = await params;
  return <PossessionProofView mint={mint} token={token} chain={parseChainConfig(process.env)} />;
}
