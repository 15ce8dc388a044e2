'use client';

import { useRouter } from 'next/navigation';
import { adminApi } from '@/lib/admin/api-client';
import { ROLE_LABELS } from '@/lib/staff/roles';
import { RetryAlert } from '../retry-alert';
import { useLoaded } from '../use-loaded';
import { FactorList } from './factor-list';
import { PasswordForm } from './password-form';
import { SessionList } from './session-list';

/** The Account tab (issue 36): who is signed in, where else, and the password. */
export function AccountPanel() {
  const router = useRouter();
  const { data: account, error, reload: load } = useLoaded(adminApi.account, 'Failed to load your account');

  /** After a change that ended this browser's session, the page shows the login again. */
  const afterChange = (signedOut: boolean) => (signedOut ? router.refresh() : void load());

  return (
    <div className="max-w-3xl space-y-8">
      <section aria-labelledby="account-heading" className="space-y-2">
        <h2 id="account-heading" className="font-serif text-xl">
          Your account
        </h2>
        {account && (
          <p className="text-sm text-muted">
            {account.name} ({account.username}) · {ROLE_LABELS[account.role]}
          </p>
        )}
      </section>
      {error && <RetryAlert message={error} onRetry={() => void load()} />}
      {account ? <SessionList sessions={account.sessions} onChanged={afterChange} /> : !error && <p className="text-muted">Loading...</p>}
      <FactorList />
      <PasswordForm onChanged={() => afterChange(true)} />
    </div>
  );
}
