import { adminRoute } from '@/lib/admin/route';
import { getStores } from '@/lib/stores';

/** The stored orders, newest first (beyond SPEC: DESIGN lets the operator see them). */
export const GET = adminRoute(async () => Response.json({ orders: await getStores().orders.list() }));
