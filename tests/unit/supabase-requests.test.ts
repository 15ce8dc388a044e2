import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSupabaseCatalogStore } from '@/lib/catalog/supabase-store';
import type { CatalogStore } from '@/lib/catalog/store';
import { COLLECTOR_FIELDS } from '@/lib/catalog/collector';
import { NO_FACETS } from '@/lib/catalog/facets';
import type { WatchInput } from '@/lib/catalog/types';
import { IN_MEMORY, openEmbeddedDatabase } from '@/lib/db/embedded';
import { createSupabaseClients, type SupabaseClients } from '@/lib/db/supabase';
import { createSupabaseOrderEventStore } from '@/lib/events/supabase-store';
import { createSupabaseOrderStore } from '@/lib/orders/supabase-store';
import type { OrderStore } from '@/lib/orders/store';
import { createPostgrestStandIn, type RecordedRequest } from '../support/postgrest-stand-in';

/**
 * What the Supabase stores send over the wire: the table or function, filters, order, body and
 * which key signs it. The REST interface is answered by the local stand-in (no Supabase project
 * is reachable here).
 */

const keys = { anon: 'anon-key-for-tests', serviceRole: 'service-role-key-for-tests' };
const input: WatchInput = {
  brand: 'Wire',
  model: 'Format',
  description: 'Checks the request shapes.',
  image_urls: ['https://images.example.com/w.jpg'],
  price_eur: 700,
  price_sol: 5,
  specs: {},
  reference: 'W-1',
  features: ['Date'],
  featured: false,
  stock: 1,
};

let requests: RecordedRequest[];
let clients: SupabaseClients;
let catalog: CatalogStore;
let orders: OrderStore;

beforeAll(async () => {
  const standIn = createPostgrestStandIn(await openEmbeddedDatabase(IN_MEMORY), keys);
  requests = standIn.requests;
  clients = createSupabaseClients(
    { url: 'http://supabase.stand-in.test', anonKey: keys.anon, serviceRoleKey: keys.serviceRole },
    standIn.fetch,
  );
  catalog = createSupabaseCatalogStore(clients);
  orders = createSupabaseOrderStore(clients);
});

beforeEach(() => {
  requests.length = 0;
});

const signedWith = (request: RecordedRequest | undefined) => ({
  apikey: request?.headers.get('apikey'),
  authorization: request?.headers.get('authorization'),
});
const asAnon = { apikey: keys.anon, authorization: `Bearer ${keys.anon}` };
const asService = { apikey: keys.serviceRole, authorization: `Bearer ${keys.serviceRole}` };

describe('catalogue reads use the anonymous key and the migration functions', () => {
  it.each([
    ['listFeatured', () => catalog.listFeatured(), '/rest/v1/rpc/featured_watches', ''],
    ['listAll', () => catalog.listAll(), '/rest/v1/rpc/catalogue_watches', ''],
    [
      'listingPage',
      () => catalog.listingPage({ listing: 'crypto', query: 'A. Lange & Söhne', brand: null, facets: { ...NO_FACETS, condition: ['unworn'] }, sort: 'newest', seed: 3, page: 2 }),
      '/rest/v1/rpc/listing_page',
      'p_listing=crypto&p_query=A.+Lange+%26+S%C3%B6hne&p_brand=&p_sort=newest&p_seed=3&p_offset=24&p_limit=24&p_facets=%7B%22condition%22%3A%5B%22unworn%22%5D%7D',
    ],
    ['availableBrandCount', () => catalog.availableBrandCount('A. Lange & Söhne'), '/rest/v1/rpc/available_brand_count', 'p_brand=A.+Lange+%26+S%C3%B6hne'],
  ])('%s', async (_, call, path, query) => {
    await call();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'GET', path });
    expect(requests[0]!.params.toString()).toBe(query);
    expect(signedWith(requests[0])).toEqual(asAnon);
  });

  it('get filters the watches table by id', async () => {
    const id = randomUUID();
    await catalog.get(id);
    expect(requests[0]).toMatchObject({ method: 'GET', path: '/rest/v1/watches' });
    expect(Object.fromEntries(requests[0]!.params)).toEqual({ select: '*', id: `eq.${id}` });
    expect(signedWith(requests[0])).toEqual(asAnon);
  });

  it('never sends an id that is not a uuid', async () => {
    expect(await catalog.get("x' or 1=1")).toBeNull();
    expect(await catalog.remove('../orders')).toBe(false);
    expect(requests).toEqual([]);
  });
});

describe('catalogue writes use the service-role key', () => {
  it("add inserts exactly the fields of SPEC §7 (the stock for the availability it decides) and the collector's, and asks for the row back", async () => {
    const watch = await catalog.create(input);
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/rest/v1/watches', body: input });
    expect(Object.keys(requests[0]!.body as object).sort()).toEqual(
      ['brand', 'description', 'featured', 'features', 'image_urls', 'model', 'price_eur', 'price_sol', 'specs', 'stock', ...COLLECTOR_FIELDS].sort(),
    );
    expect(requests[0]!.headers.get('prefer')).toContain('return=representation');
    expect(signedWith(requests[0])).toEqual(asService);
    expect(watch).toMatchObject(input);
  });

  it('edit updates by id, only while the stock is the one the edit started from, with the same fields', async () => {
    const watch = await catalog.create(input);
    requests.length = 0;
    await catalog.update(watch.id, { ...input, model: 'Edited' }, watch.stock);
    expect(requests[0]).toMatchObject({ method: 'PATCH', path: '/rest/v1/watches', body: { ...input, model: 'Edited' } });
    expect(requests[0]!.params.get('id')).toBe(`eq.${watch.id}`);
    expect(requests[0]!.params.get('stock')).toBe(`eq.${watch.stock}`);
    expect(signedWith(requests[0])).toEqual(asService);
  });

  it('toggle featured and availability call their one-statement functions', async () => {
    const watch = await catalog.create(input);
    requests.length = 0;
    await catalog.toggleFeatured(watch.id);
    await catalog.setAvailable(watch.id, false);
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/rest/v1/rpc/toggle_watch_featured', body: { p_id: watch.id } });
    expect(requests[1]).toMatchObject({ method: 'POST', path: '/rest/v1/rpc/set_watch_available', body: { p_id: watch.id, p_available: false } });
    expect(requests.map(signedWith)).toEqual([asService, asService]);
  });

  it('delete deletes by id', async () => {
    const watch = await catalog.create(input);
    requests.length = 0;
    await catalog.remove(watch.id);
    expect(requests[0]).toMatchObject({ method: 'DELETE', path: '/rest/v1/watches' });
    expect(requests[0]!.params.get('id')).toBe(`eq.${watch.id}`);
    expect(signedWith(requests[0])).toEqual(asService);
  });
});

describe('orders', () => {
  it('are inserted ignoring a duplicate transaction hash, with the service-role key', async () => {
    const watch = await catalog.create(input);
    requests.length = 0;
    await orders.place({
      wallet: '9'.repeat(44),
      txHash: '5'.repeat(88),
      usdAmount: 901.25,
      solAmount: 5,
      name: 'Grace Hopper',
      phone: '+1 555 0100',
      email: 'grace@example.com',
      address: '1 Navy Yard, Arlington',
      watch: { id: watch.id, brand: watch.brand, model: watch.model },
    });
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/rest/v1/orders' });
    expect(requests[0]!.params.get('on_conflict')).toBe('tx_hash');
    expect(requests[0]!.headers.get('prefer')).toContain('resolution=ignore-duplicates');
    expect(signedWith(requests[0])).toEqual(asService);
  });

  it('are listed newest first', async () => {
    await orders.list();
    expect(requests[0]!.params.get('order')).toBe('created_at.desc,id.asc');
    expect(signedWith(requests[0])).toEqual(asService);
  });

  it('cannot be read or written with the anonymous key (RLS through REST)', async () => {
    const read = await clients.reader.from('orders').select('*');
    expect(read.error?.message).toMatch(/permission denied/);
    const write = await clients.reader.from('watches').insert(input);
    expect(write.error?.message).toMatch(/permission denied/);
  });
});

describe('a read whose connection fails is not retried', () => {
  // postgrest-js would retry a GET after 1, 2 and 4 s; the shop answers an outage itself
  // (lib/db/supabase.ts), so each read must fail after its one attempt.
  let attempts: number;
  let failing: SupabaseClients;
  beforeAll(() => {
    failing = createSupabaseClients({ url: 'http://supabase.unreachable.test', anonKey: keys.anon, serviceRoleKey: keys.serviceRole }, async () => {
      attempts += 1;
      throw new TypeError('fetch failed');
    });
  });
  beforeEach(() => {
    attempts = 0;
  });

  const id = randomUUID();
  it.each([
    ['a listing page', () => createSupabaseCatalogStore(failing).listingPage({ listing: 'all', query: '', brand: null, facets: NO_FACETS, sort: 'shuffle', seed: 1, page: 1 })],
    ['a watch', () => createSupabaseCatalogStore(failing).get(id)],
    ['an order', () => createSupabaseOrderStore(failing).get(id)],
    ['an order by transaction', () => createSupabaseOrderStore(failing).findByTxHash('tx')],
    ['the orders', () => createSupabaseOrderStore(failing).list()],
    ["a wallet's orders", () => createSupabaseOrderStore(failing).listByWallet('wallet')],
    ["a certificate's order", () => createSupabaseOrderStore(failing).findByCertificateMint('mint')],
    ["an order's history", () => createSupabaseOrderStore(failing).history(id)],
    ["an order's events", () => createSupabaseOrderEventStore(failing).forOrder(id)],
  ])('%s', async (_, read) => {
    await expect(read()).rejects.toThrow(/fetch failed/);
    expect(attempts).toBe(1);
  });
});
