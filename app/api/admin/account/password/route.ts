import { changeOwnPassword } from '@/lib/admin/account-routes';
import { adminRoute } from '@/lib/admin/route';
import { createLoginThrottle } from '@/lib/auth/login-throttle';
import { getStores } from '@/lib/shop/stores';

/** The signed-in member changes their password; every session of the account ends. */
export const PUT = adminRoute('account', async (request, _, session) => changeOwnPassword(session, request, createLoginThrottle(getStores().throttle)));
