import { createIntentRoute } from '@/lib/payments/routes';

/** A payment intent: the server fixes the amount and the reference, and stores a pending order. */
export const POST = (request: Request) => createIntentRoute(request);
