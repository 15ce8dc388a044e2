import { endOwnSessions } from '@/lib/admin/account-routes';
import { adminRoute } from '@/lib/admin/route';

/** Ends one of the signed-in member's sessions. */
export const DELETE = adminRoute<{ id: string }>('account', async (_, { id }, session) => endOwnSessions(session, id));
