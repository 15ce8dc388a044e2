import { adminRoute } from '@/lib/admin/route';
import { endStaffSessions } from '@/lib/admin/staff-routes';

/** The owner signs a member out everywhere. */
export const DELETE = adminRoute<{ id: string }>('staff', async (_, { id }, session) =>
  Response.json(await endStaffSessions(id, session), { headers: { 'cache-control': 'no-store' } }),
);
