import 'server-only';
import type { CatalogStore } from '@/lib/catalog/store';
import { catalogStore } from '@/lib/catalog/server-store';
import type { OrderEventStore } from '@/lib/events/store';
import { orderEventStore } from '@/lib/events/server-store';
import type { OrderStore } from '@/lib/orders/store';
import { orderStore } from '@/lib/orders/server-store';
import type { RefundStore } from '@/lib/refunds/store';
import { refundStore } from '@/lib/refunds/server-store';
import type { SignInNonceStore } from '@/lib/sign-in/store';
import { signInNonceStore } from '@/lib/sign-in/server-store';
import type { ThrottleStore } from '@/lib/throttle/store';
import { throttleStore } from '@/lib/throttle/server-store';

export type Stores = { catalog: CatalogStore; orders: OrderStore; throttle: ThrottleStore; events: OrderEventStore; refunds: RefundStore; signInNonces: SignInNonceStore };

/** Every store of this server, for the route handlers and the worker that use several. */
export function getStores(): Stores {
  return {
    catalog: catalogStore(),
    orders: orderStore(),
    throttle: throttleStore(),
    events: orderEventStore(),
    refunds: refundStore(),
    signInNonces: signInNonceStore(),
  };
}
