import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { connection } from 'next/server';
import { Suspense } from 'react';
import { ListingPage } from '@/components/catalog/listing-page';
import { SaveSearchForm } from '@/components/watchlist/save-search-form';
import { SAVE_SEARCH } from '@/components/watchlist/save-search-link';
import { ShopLink } from '@/components/ui/shop-link';
import { signedInWallet } from '@/lib/sign-in/routes';
import { savedSearchFromPath } from '@/lib/watchlist/saved-search';

export const metadata: Metadata = {
  title: SAVE_SEARCH,
  description: 'Be e-mailed when a new watch matches a search of the ORX catalogue.',
  robots: { index: false, follow: false },
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** "Save this search" from a listing (issue 52): the listing's address arrives as `?search=`. */
export default function SaveSearchPage({ searchParams }: Props) {
  return (
    <ListingPage title={SAVE_SEARCH} tagline="We will e-mail you when a new watch matches this search.">
      <Suspense fallback={<p role="status" className="text-muted">Loading…</p>}>
        <SaveSearch searchParams={searchParams} />
      </Suspense>
    </ListingPage>
  );
}

async function SaveSearch({ searchParams }: Props) {
  // Per request: whether a wallet is signed in decides whether an address is asked for first.
  await connection();
  const { search } = await searchParams;
  const parsed = typeof search === 'string' ? savedSearchFromPath(search) : null;
  if (!parsed?.ok) {
    return (
      <div className="space-y-4">
        <p role="alert" className="text-sold">
          {parsed?.message ?? 'There is no search to save here: open a listing, then Save this search.'}
        </p>
        <ShopLink href="/watches" className="text-gold underline underline-offset-4">
          All watches
        </ShopLink>
      </div>
    );
  }
  const signedIn = (await signedInWallet(await cookies())) !== null;
  return <SaveSearchForm path={parsed.search.path} label={parsed.search.label} signedIn={signedIn} />;
}
