'use client';

import { useEffect, useState } from 'react';
import { NO_ACTIVITY_FILTER, type ActivityFilter } from '@/lib/admin/activity-query';
import { adminApi } from '@/lib/admin/api-client';
import type { StaffMemberView } from '@/lib/admin/staff-query';
import { RetryAlert } from '../retry-alert';
import { ActivityFilters } from './activity-filters';
import { ActivityRow } from './activity-row';
import { useActivity } from './use-activity';

/** The owner's Activity tab (issue 36): the audit trail, filtered, a page at a time. */
export function ActivityPanel() {
  const [filter, setFilter] = useState<ActivityFilter>(NO_ACTIVITY_FILTER);
  const [members, setMembers] = useState<StaffMemberView[]>([]);
  const activity = useActivity(filter);

  useEffect(() => {
    // Without the list the filter offers "Everyone" only; the trail itself still loads.
    adminApi.staff().then(setMembers, (failure: unknown) => console.error('Failed to load the staff for the activity filter', failure));
  }, []);

  const filtered = filter.person !== '' || filter.kind !== '' || filter.subject !== '';

  return (
    <section aria-labelledby="activity-heading" className="max-w-5xl space-y-4">
      <h2 id="activity-heading" className="font-serif text-xl">
        Activity
      </h2>
      <ActivityFilters filter={filter} members={members} onChange={setFilter} />
      <div aria-live="polite" aria-busy={activity.loading !== null} className="space-y-4">
        {activity.error && <RetryAlert message={activity.error} onRetry={activity.retry} />}
        {activity.loading === 'first' ? (
          <p className="rounded-lg border border-line bg-surface p-8 text-center text-muted">Loading activity...</p>
        ) : activity.lines.length === 0 ? (
          !activity.error && (
            <p className="rounded-lg border border-line bg-surface p-8 text-center text-muted">
              {filtered ? 'No activity matches these filters' : 'No activity yet'}
            </p>
          )
        ) : (
          <ol aria-label="Activity, newest first" className="divide-y divide-line rounded-lg border border-line bg-surface">
            {activity.lines.map((line) => (
              <ActivityRow key={line.id} line={line} />
            ))}
          </ol>
        )}
        {activity.next !== null && activity.loading !== 'first' && (
          <button
            type="button"
            onClick={activity.loadMore}
            disabled={activity.loading === 'more'}
            className="w-full rounded border border-gold px-4 py-2 text-gold hover:text-gold-bright disabled:opacity-60 sm:w-auto"
          >
            {activity.loading === 'more' ? 'Loading...' : 'Load older activity'}
          </button>
        )}
      </div>
    </section>
  );
}
