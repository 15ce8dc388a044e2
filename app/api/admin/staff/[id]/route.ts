import { adminRoute } from '@/lib/admin/route';
import { updateStaff } from '@/lib/admin/staff-routes';

/** The owner changes a member's role, or disables (ending their sessions) or enables them. */
export const PATCH = adminRoute<{ id: string }>('staff', async (request, { id }, session) =>
  Response.json(await updateStaff(id, request, session), { headers: { 'cache-control': 'no-store' } }),
);
