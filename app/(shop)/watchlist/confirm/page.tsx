import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ListingPage } from '@/components/catalog/listing-page';
import { TokenForm } from '@/components/watchlist/token-form';

export const metadata: Metadata = {
  title: 'Confirm your alerts',
  description: 'Confirm the address you gave for ORX alerts.',
  robots: { index: false, follow: false },
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The confirmation e-mail's link (issue 52): the address is confirmed by the press, never by opening the link. */
export default function ConfirmAlertsPage({ searchParams }: Props) {
  return (
    <ListingPage title="Confirm your alerts" tagline="Press Confirm and we will tell you of exactly what you asked for.">
      <Suspense>
        <TokenForm action="confirm" searchParams={searchParams} />
      </Suspense>
    </ListingPage>
  );
}
