import type { NextRequest } from 'next/server';
import { createIntentRoute } from '@/lib/checkout/server/routes';

/** A payment intent: the server fixes the amount and the reference, and holds a piece for the signed-in wallet. */
export const POST = (request: NextRequest) => createIntentRoute(request);
