import { endOwnSessions } from '@/lib/admin/account-routes';
import { adminRoute } from '@/lib/admin/route';

/** "Sign out everywhere": ends every session of the signed-in member, this one too. */
export const DELETE = adminRoute('account', async (_, __, session) => endOwnSessions(session, null));
