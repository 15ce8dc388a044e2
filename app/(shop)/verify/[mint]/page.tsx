import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { connection } from 'next/server';
import { Suspense } from 'react';
import { ListingPage } from '@/components/catalog/listing-page';
import { VerdictView, type VerdictWatch } from '@/components/verify/verdict-view';
import { VerifyForm } from '@/components/verify/verify-form';
import { getWatch } from '@/lib/catalog/cached';
import { PLACEHOLDER_IMAGE } from '@/lib/catalog/images';
import { lookUpCertificate } from '@/lib/certificate/lookup';
import type { CertificateVerdict } from '@/lib/certificate/verdict';
import { parseChainConfig } from '@/lib/config';

type Params = { params: Promise<{ mint: string }> };

export const metadata: Metadata = {
  title: 'Certificate Verification',
  description: 'Whether this NFT is a genuine ORX certificate, read from the Solana chain.',
  robots: { index: false, follow: true },
};

/** One certificate's verdict, read from the chain on the server. */
export default function VerifyMintPage({ params }: Params) {
  return (
    <ListingPage title="Authenticity Verification">
      <Suspense fallback={<p role="status" className="text-muted">Reading the certificate from the Solana chain…</p>}>
        <Verdict params={params} />
      </Suspense>
    </ListingPage>
  );
}

async function Verdict({ params }: Params) {
  // Per request, never prerendered: the chain is read now.
  await connection();
  const { mint } = await params;
  const lookup = await lookUpCertificate(mint, await headers());
  if (!lookup.ok) {
    return (
      <div className="space-y-8">
        <p role="alert" className="max-w-2xl rounded-xl border border-sold/40 bg-sold/10 p-5 text-sold">
          {lookup.message}
        </p>
        <VerifyForm value={mint.slice(0, 64)} />
      </div>
    );
  }
  return (
    <div className="space-y-10">
      <VerdictView verdict={lookup.verdict} watch={await watchOf(lookup.verdict)} chain={parseChainConfig(process.env)} />
      <VerifyForm />
    </div>
  );
}

async function watchOf(verdict: CertificateVerdict): Promise<VerdictWatch | null> {
  if (verdict.verdict !== 'genuine') return null;
  const watch = verdict.watch.id ? await getWatch(verdict.watch.id) : null;
  return { image: watch?.image_urls[0] ?? PLACEHOLDER_IMAGE, reference: watch?.reference ?? null };
}
