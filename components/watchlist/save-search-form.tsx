'use client';

import { useRef } from 'react';
import { ShopLink } from '@/components/ui/shop-link';
import { AlertForm } from './alert-form';
import { SAVE_SEARCH } from './save-search-link';

type SaveSearchFormProps = {
  /** The listing's address as the shop writes it, and its words. */
  path: string;
  label: string;
  signedIn: boolean;
};

/** /watchlist/save: the search named, the alert form, and the way back to the listing. */
export function SaveSearchForm({ path, label, signedIn }: SaveSearchFormProps) {
  const back = useRef<HTMLAnchorElement>(null);
  return (
    <div className="max-w-md">
      <p className="text-muted">
        The search:{' '}
        <ShopLink href={path} prefetch={false} className="text-gold underline underline-offset-4">
          {label}
        </ShopLink>
      </p>
      {/* Once the request is taken its form goes: focus moves to the way back, the one step left. */}
      <AlertForm subject={{ kind: 'search', path }} signedIn={signedIn} submitLabel={SAVE_SEARCH} onDone={() => back.current?.focus()} />
      <ShopLink ref={back} href={path} prefetch={false} className="mt-6 inline-block text-sm text-muted underline underline-offset-4">
        Back to the listing
      </ShopLink>
    </div>
  );
}
