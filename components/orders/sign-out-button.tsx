'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { buttonClass } from '@/components/ui/button-styles';
import { signOutWallet } from '@/lib/wallet/sign-in';

/** Ends the wallet's session; the page then shows the sign-in step again. */
export function SignOutButton() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={buttonClass('secondary')}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await signOutWallet();
        } finally {
          setBusy(false);
          router.refresh();
        }
      }}
    >
      Sign out
    </button>
  );
}
