import type { NextRequest } from 'next/server';
import { placeOrderRoute } from '@/lib/checkout/server/routes';

/** The order of a simulated purchase: checked against the catalogue and stored; nothing is paid. */
export const POST = (request: NextRequest) => placeOrderRoute(request);
