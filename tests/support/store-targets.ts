import { randomBytes } from 'node:crypto';
import { describe } from 'vitest';
import { createEmbeddedCatalogStore } from '@/lib/catalog/embedded-store';
import type { CatalogStore } from '@/lib/catalog/store';
import { createPriceFloorStore, type PriceFloorStore } from '@/lib/catalog/price-floor';
import { createSupabaseCatalogStore } from '@/lib/catalog/supabase-store';
import { createAuditStore, type AuditStore } from '@/lib/audit/store';
import { withAuditActor } from '@/lib/db/audit-actor';
import { IN_MEMORY, openEmbeddedDatabase } from '@/lib/db/embedded';
import { embeddedFunctions, supabaseFunctions } from '@/lib/db/functions';
import { createSupabaseClients } from '@/lib/db/supabase';
import { createEmbeddedOrderEventStore } from '@/lib/events/embedded-store';
import type { OrderEventStore } from '@/lib/events/store';
import { createSupabaseOrderEventStore } from '@/lib/events/supabase-store';
import { createEmbeddedOrderStore } from '@/lib/orders/embedded-store';
import type { OrderStore } from '@/lib/orders/store';
import { createSupabaseOrderStore } from '@/lib/orders/supabase-store';
import { createEmbeddedRefundStore } from '@/lib/refunds/embedded-store';
import type { RefundStore } from '@/lib/refunds/store';
import { createSupabaseRefundStore } from '@/lib/refunds/supabase-store';
import { createFactorStore, type FactorStore } from '@/lib/second-factor/store';
import { createEmbeddedThrottleStore } from '@/lib/throttle/embedded-store';
import type { ThrottleStore } from '@/lib/throttle/store';
import { createSupabaseThrottleStore } from '@/lib/throttle/supabase-store';
import { createWatchlistStore, type WatchlistStore } from '@/lib/watchlist/store';
import { createCertificateRecordStore, type CertificateRecordStore } from '@/lib/certificate/records';
import { createStaffStore } from '@/lib/staff/staff-store';
import type { StaffStore } from '@/lib/staff/store';
import { describeOnPostgresServer } from './postgres-server';
import { createPostgrestStandIn, type StandInDatabase } from './postgrest-stand-in';

/**
 * The stores a contract suite runs against: the embedded one, the Supabase one against the local
 * REST stand-in (a hosted project cannot be reached from these machines) on PGlite and on a real
 * PostgreSQL server, and a live project when SUPABASE_TEST_URL and its keys are set.
 */

export type Stores = {
  catalog: CatalogStore;
  orders: OrderStore;
  events: OrderEventStore;
  refunds: RefundStore;
  staff: StaffStore;
  factors: FactorStore;
  audit: AuditStore;
  priceFloor: PriceFloorStore;
  watchlist: WatchlistStore;
  throttle: ThrottleStore;
  certificates: CertificateRecordStore;
  /** The database itself, for what no store offers (a test's own setup, or an attack on the trail); none on a live project. */
  database?: StandInDatabase;
};
export type Target = { name: string; open: () => Promise<Stores> };

const embedded: Target = {
  name: 'embedded PGlite store',
  open: async () => {
    // As the server opens it: each query inside an admin request tells the database its actor.
    const db = withAuditActor(await openEmbeddedDatabase(IN_MEMORY));
    const database = async () => db;
    return {
      catalog: createEmbeddedCatalogStore(database),
      orders: createEmbeddedOrderStore(database),
      events: createEmbeddedOrderEventStore(database),
      refunds: createEmbeddedRefundStore(database),
      staff: createStaffStore(embeddedFunctions(database)),
      factors: createFactorStore(embeddedFunctions(database)),
      audit: createAuditStore(embeddedFunctions(database)),
      priceFloor: createPriceFloorStore(embeddedFunctions(database)),
      watchlist: createWatchlistStore(embeddedFunctions(database)),
      certificates: createCertificateRecordStore(embeddedFunctions(database)),
      throttle: createEmbeddedThrottleStore(database),
      database: db,
    };
  },
};

/** The Supabase stores, their REST calls answered by the stand-in on `db`. */
export function supabaseStoresOn(db: StandInDatabase): Stores {
  const keys = { anon: 'anon-test-key', serviceRole: 'service-role-test-key' };
  const { fetch } = createPostgrestStandIn(db, keys);
  const clients = createSupabaseClients(
    { url: 'http://supabase.stand-in.test', anonKey: keys.anon, serviceRoleKey: keys.serviceRole },
    fetch,
  );
  return {
    catalog: createSupabaseCatalogStore(clients),
    orders: createSupabaseOrderStore(clients),
    events: createSupabaseOrderEventStore(clients),
    refunds: createSupabaseRefundStore(clients),
    staff: createStaffStore(supabaseFunctions(clients)),
    factors: createFactorStore(supabaseFunctions(clients)),
    audit: createAuditStore(supabaseFunctions(clients)),
    priceFloor: createPriceFloorStore(supabaseFunctions(clients)),
    watchlist: createWatchlistStore(supabaseFunctions(clients)),
    certificates: createCertificateRecordStore(supabaseFunctions(clients)),
    throttle: createSupabaseThrottleStore(clients),
    database: db,
  };
}

const standIn: Target = {
  name: 'Supabase store (REST answered by a local stand-in on PGlite)',
  open: async () => supabaseStoresOn(await openEmbeddedDatabase(IN_MEMORY)),
};

const liveSettings = {
  url: process.env.SUPABASE_TEST_URL,
  anonKey: process.env.SUPABASE_TEST_ANON_KEY,
  serviceRoleKey: process.env.SUPABASE_TEST_SERVICE_ROLE_KEY,
};
const liveConfigured = Boolean(liveSettings.url && liveSettings.anonKey && liveSettings.serviceRoleKey);

const live: Target = {
  name: 'Supabase store (live project from SUPABASE_TEST_URL)',
  open: async () => {
    const clients = createSupabaseClients({
      url: liveSettings.url ?? '',
      anonKey: liveSettings.anonKey ?? '',
      serviceRoleKey: liveSettings.serviceRoleKey ?? '',
    });
    return {
      catalog: createSupabaseCatalogStore(clients),
      orders: createSupabaseOrderStore(clients),
      events: createSupabaseOrderEventStore(clients),
      refunds: createSupabaseRefundStore(clients),
      staff: createStaffStore(supabaseFunctions(clients)),
      factors: createFactorStore(supabaseFunctions(clients)),
      audit: createAuditStore(supabaseFunctions(clients)),
      priceFloor: createPriceFloorStore(supabaseFunctions(clients)),
      watchlist: createWatchlistStore(supabaseFunctions(clients)),
      certificates: createCertificateRecordStore(supabaseFunctions(clients)),
      throttle: createSupabaseThrottleStore(clients),
    };
  },
};

/** Runs a contract on every store. */
export function runOnEveryStore(contract: (target: Target) => void) {
  describe.each([embedded, standIn])('$name', contract);
  // PGlite answers one query at a time, so on it the race tests never contest a row lock or SKIP
  // LOCKED; on the server every request of the stand-in runs on a connection of its own, as
  // PostgREST's would.
  describeOnPostgresServer('Supabase store (REST answered by a local stand-in on a PostgreSQL server)', supabaseStoresOn, contract);
  // Skipped unless a live project is configured: none can be reached from these machines.
  describe.skipIf(!liveConfigured)(live.name, () => contract(live));
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
export const base58 = (length: number) =>
  Array.from(randomBytes(length), (byte) => BASE58[byte % BASE58.length]).join('');
