import { accountOf } from '@/lib/admin/account-routes';
import { adminRoute } from '@/lib/admin/route';

/** The signed-in member's account: name, role and sessions. */
export const GET = adminRoute('account', async (_, __, session) =>
  Response.json(await accountOf(session), { headers: { 'cache-control': 'no-store' } }),
);
