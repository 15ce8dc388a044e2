import { adminRoute } from '@/lib/admin/route';
import { inviteStaff, staffList } from '@/lib/admin/staff-routes';

const noStore = { headers: { 'cache-control': 'no-store' } };

/** The owner's Staff tab: every member. */
export const GET = adminRoute('staff', async () => Response.json(await staffList(), noStore));

/** Invites a member: their account, and a link to choose a password, shown once. */
export const POST = adminRoute('staff', async (request, _, session) => Response.json(await inviteStaff(request, session), { status: 201, ...noStore }));
