import { activityPage, parseActivityQuery } from '@/lib/admin/activity-routes';
import { adminRoute } from '@/lib/admin/route';
import { auditStore } from '@/lib/audit/server-store';

/** The owner's Activity tab: 50 lines of the trail, newest first, filtered by ?person=, ?kind=, ?subject=, older than ?before=. */
export const GET = adminRoute('staff', async (request) =>
  Response.json(await activityPage(auditStore(), parseActivityQuery(request.nextUrl.searchParams)), { headers: { 'cache-control': 'no-store' } }),
);
