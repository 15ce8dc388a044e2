import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ListingPage } from '@/components/catalog/listing-page';
import { TokenForm } from '@/components/watchlist/token-form';

export const metadata: Metadata = {
  title: 'Stop the alerts',
  description: 'Stop ORX alerts and delete your address.',
  robots: { index: false, follow: false },
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Every alert e-mail's unsubscribe link (issue 52): the press deletes the address and all it watches. */
export default function UnsubscribePage({ searchParams }: Props) {
  return (
    <ListingPage title="Stop the alerts" tagline="Unsubscribing deletes your address and everything it watches.">
      <Suspense>
        <TokenForm action="unsubscribe" searchParams={searchParams} />
      </Suspense>
    </ListingPage>
  );
}
