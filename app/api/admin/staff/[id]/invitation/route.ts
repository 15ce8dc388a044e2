import { adminRoute } from '@/lib/admin/route';
import { reinviteStaff } from '@/lib/admin/staff-routes';

/** A new invitation link for a member who has not chosen a password; the older ones stop working. */
export const POST = adminRoute<{ id: string }>('staff', async (_, { id }, session) =>
  Response.json(await reinviteStaff(id, session), { status: 201, headers: { 'cache-control': 'no-store' } }),
);
