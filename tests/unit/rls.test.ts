import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IN_MEMORY, openEmbeddedDatabase } from '@/lib/db/embedded';

/** Row-level security and grants of the migration, checked as Supabase's roles with SET ROLE. */

let db: PGlite;
let watchId: string;

const insertWatch = `insert into public.watches (brand, model, description, image_urls, price_eur, price_sol)
  values ('RLS', 'Probe', 'Inserted by the RLS test.', array['/images/watch-placeholder.svg'], 1, 1) returning id`;
const insertOrder = `insert into public.orders
  (tx_hash, wallet, usd_amount, sol_amount, name, phone, email, address, watch_brand, watch_model)
  values (repeat('5', 88), repeat('9', 44), 1, 1, 'N', 'P', 'e@x.io', 'A', 'RLS', 'Probe') returning id`;

async function as<T>(role: string, sql: string, params: unknown[] = []): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.exec(`set local role ${role}`);
    return (await tx.query<T>(sql, params)).rows;
  });
}

beforeAll(async () => {
  db = await openEmbeddedDatabase(IN_MEMORY);
  watchId = (await db.query<{ id: string }>(insertWatch)).rows[0]!.id;
  await db.query(insertOrder);
});

afterAll(async () => {
  await db.close();
});

describe.each(['anon', 'authenticated'])('as %s', (role) => {
  it('reads the catalogue and its query functions', async () => {
    expect((await as<{ id: string }>(role, 'select id from public.watches')).map((row) => row.id)).toContain(watchId);
    expect((await as(role, 'select * from public.available_watches()')).length).toBeGreaterThan(0);
  });

  it.each([
    ['insert a watch', insertWatch, []],
    ['update a watch', 'update public.watches set price_sol = 0 where id = $1', ['id']],
    ['delete a watch', 'delete from public.watches where id = $1', ['id']],
    ['toggle featured', 'select * from public.toggle_watch_featured($1)', ['id']],
    ['read orders', 'select * from public.orders', []],
    ['insert an order', insertOrder, []],
    ['update orders', "update public.orders set status = 'cancelled'", []],
    ['delete orders', 'delete from public.orders', []],
    ['read the order history', 'select * from public.order_history', []],
    ['move an order', "select * from public.move_order(gen_random_uuid(), 'paid', 'delivered', 'x', null, null)", []],
    ['search the orders', 'select * from public.search_orders(null, null, 10, 0)', []],
  ])('cannot %s', async (_, sql, params) => {
    const values = params.map(() => watchId);
    await expect(as(role, sql, values)).rejects.toThrow(/permission denied/);
  });
});

describe('as service_role', () => {
  it('writes the catalogue and reads and writes orders', async () => {
    const [created] = await as<{ id: string }>('service_role', insertWatch);
    await as('service_role', 'update public.watches set price_sol = 2 where id = $1', [created!.id]);
    const [toggled] = await as<{ featured: boolean }>('service_role', 'select * from public.toggle_watch_featured($1)', [created!.id]);
    expect(toggled?.featured).toBe(true);
    await as('service_role', 'delete from public.watches where id = $1', [created!.id]);
    expect(await as('service_role', 'select id from public.watches where id = $1', [created!.id])).toEqual([]);
    expect((await as('service_role', 'select * from public.orders')).length).toBe(1);
    await as('service_role', "update public.orders set status = 'shipped', tracking_reference = 'DHL 1234567890'");
  });
});

describe('the catalogue constraints', () => {
  it.each([
    ['a negative price', "array['/a.svg'], -1, 1", 'watches_price_eur_not_negative'],
    ['no image', "array[]::text[], 1, 1", 'watches_image_required'],
    ['a javascript: image', "array['javascript:alert(1)'], 1, 1", 'watches_image_urls_http'],
  ])('refuse %s even from the service role', async (_, values, constraint) => {
    await expect(
      as(
        'service_role',
        `insert into public.watches (brand, model, description, image_urls, price_eur, price_sol)
         values ('RLS', 'Bad', 'Bad.', ${values})`,
      ),
    ).rejects.toMatchObject({ constraint });
  });
});
