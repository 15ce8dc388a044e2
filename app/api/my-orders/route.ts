import type { NextRequest } from 'next/server';
import { refundStore } from '@/lib/refunds/server-store';
import { myOrdersRoute } from '@/lib/sign-in/routes';

/** The signed-in wallet's orders, newest first; 401 without a wallet session. */
export function GET(request: NextRequest) {
  return myOrdersRoute(request.cookies, refundStore().forOrders);
}
