import { activityCsv, exportedFilters, parseActivityQuery } from '@/lib/admin/activity-routes';
import { adminRoute, recordAction } from '@/lib/admin/route';
import { auditStore } from '@/lib/audit/server-store';

/** Every line matching the Activity tab's filters (same ?person=, ?kind=, ?subject=) as a CSV download. */
export const GET = adminRoute('staff', async (request, _, session) => {
  const query = parseActivityQuery(request.nextUrl.searchParams);
  // The trail names who did what from where: taking a copy of it out of the shop is on the trail too.
  await recordAction(request, session, { kind: 'activity.export', subject: null, after: exportedFilters(query) });
  return activityCsv(auditStore(), query);
});
