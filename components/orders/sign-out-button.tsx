'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { signOutWallet } from '@/lib/wallet/sign-in';

/** Ends the wallet's session; the page then shows the sign-in step again. Its look comes from the server (see WalletSignIn). */
export function SignOutButton({ className }: { className: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={className}
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
