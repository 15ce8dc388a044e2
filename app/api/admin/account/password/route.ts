import { changeOwnPassword } from '@/lib/admin/account-routes';
import { adminRoute } from '@/lib/admin/route';

/** The signed-in member changes their password; every session of the account ends. */
export const PUT = adminRoute('account', async (request, _, session) => changeOwnPassword(session, request));
