import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import type { WatchInput } from '@/lib/catalog/types';
import { actingAs, type AuditActor } from '@/lib/db/audit-actor';
import { runOnEveryStore, type Stores, type Target } from '../support/store-targets';

/**
 * Issue 36: the audit trail on every store. The database writes a line for each write made inside
 * an admin request, in the write's own transaction, and refuses to change or remove one.
 */

function runContract(target: Target) {
  let stores: Stores;
  const actor: AuditActor = { id: randomUUID(), name: 'Zoë Editor', address: '203.0.113.9' };

  beforeAll(async () => {
    stores = await target.open();
  });

  const database = () => {
    if (!stores.database) throw new Error('This test needs the database itself');
    return stores.database;
  };

  const input = (overrides: Partial<WatchInput> = {}): WatchInput => ({
    brand: 'Audit',
    model: `Reference ${randomUUID().slice(0, 8)}`,
    description: 'A watch made by the audit trail contract.',
    image_urls: ['/images/watch-placeholder.svg'],
    price_eur: 1400,
    price_sol: 10,
    specs: {},
    features: [],
    featured: false,
    stock: 1,
    ...overrides,
  });

  const linesAbout = async (subject: string) => (await stores.audit.page({ subject, limit: 50 })).reverse();

  it('writes a line for each catalogue change made inside an admin request: who, from where, what, before and after', async () => {
    const watch = await actingAs(actor, () => stores.catalog.create(input()));
    await actingAs(actor, () => stores.catalog.update(watch.id, { ...input({ model: watch.model }), price_sol: 6 }, watch.stock));
    await actingAs(actor, () => stores.catalog.toggleFeatured(watch.id));
    await actingAs(actor, () => stores.catalog.remove(watch.id));

    const lines = await linesAbout(`watch:${watch.id}`);
    expect(lines.map((line) => line.kind)).toEqual(['watch.create', 'watch.update', 'watch.update', 'watch.delete']);
    expect(lines.every((line) => line.actorId === actor.id && line.actor === 'Zoë Editor' && line.address === '203.0.113.9')).toBe(true);
    expect(lines[0]!.after).toMatchObject({ model: watch.model, price_sol: 10, stock: 1 });
    expect(lines[1]).toMatchObject({ before: { price_sol: 10 }, after: { price_sol: 6 } });
    expect(lines[2]).toMatchObject({ before: { featured: false }, after: { featured: true } });
    expect(lines[3]!.before).toMatchObject({ model: watch.model, price_sol: 6 });
    expect(lines[3]!.after).toBeNull();
    // The search columns the database derives are no news to a reader of the trail.
    expect(Object.keys(lines[1]!.after!)).toEqual(['price_sol']);
  });

  it('writes nothing for writes made outside an admin request, nor for a change that changed nothing', async () => {
    const watch = await stores.catalog.create(input());
    await stores.catalog.toggleFeatured(watch.id);
    await actingAs(actor, () => stores.catalog.update(watch.id, { ...input({ model: watch.model }), featured: true }, watch.stock));
    expect(await linesAbout(`watch:${watch.id}`)).toEqual([]);
  });

  it('writes no line for a change the database refused: the line is in the change\'s transaction', async () => {
    const watch = await stores.catalog.create(input());
    await expect(actingAs(actor, () => database().query('update public.watches set price_sol = -1 where id = $1', [watch.id]))).rejects.toThrow();
    await expect(actingAs(actor, () => stores.catalog.update(watch.id, input({ model: watch.model }), watch.stock + 5))).rejects.toThrow();
    expect(await linesAbout(`watch:${watch.id}`)).toEqual([]);
  });

  it('records a password change as changed, never the hash', async () => {
    const { rows } = await database().query<{ id: string }>(
      `insert into public.staff (username, name, role, password_hash) values ($1, $1, 'fulfilment', 'scrypt:old') returning id`,
      [`audit-${randomUUID().slice(0, 8)}`],
    );
    const staffId = rows[0]!.id;
    await actingAs(actor, () => stores.staff.setPassword(staffId, 'scrypt:secret-new-hash'));
    const lines = await linesAbout(`staff:${staffId}`);
    expect(lines).toMatchObject([{ kind: 'staff.update', before: { password_hash: 'changed' }, after: { password_hash: 'changed' } }]);
    expect(JSON.stringify(lines)).not.toContain('scrypt:');
  });

  it('appends the lines the server writes itself, and pages the trail newest first by person, kind and subject', async () => {
    const someone = randomUUID();
    for (let index = 0; index < 5; index++) {
      await stores.audit.append({ actorId: someone, actor: 'Exporter', address: null, kind: 'orders.export', subject: null, after: { index } });
    }
    await stores.audit.append({ actorId: null, actor: 'guessed-name', address: '198.51.100.4', kind: 'staff.sign-in-failed', subject: null, after: null });

    const mine = await stores.audit.page({ actorId: someone, limit: 3 });
    expect(mine.map((line) => line.after)).toEqual([{ index: 4 }, { index: 3 }, { index: 2 }]);
    const older = await stores.audit.page({ actorId: someone, before: mine[2]!.id, limit: 3 });
    expect(older.map((line) => line.after)).toEqual([{ index: 1 }, { index: 0 }]);
    expect((await stores.audit.page({ kind: 'orders', limit: 50 })).every((line) => line.kind === 'orders.export')).toBe(true);
    expect((await stores.audit.page({ kind: 'staff.sign-in-failed', limit: 1 }))[0]).toMatchObject({ actor: 'guessed-name', actorId: null });
  });

  it('refuses to change or remove a line, to the application and to the table\'s owner alike', async () => {
    await stores.audit.append({ actorId: null, actor: 'someone', address: null, kind: 'orders.export', subject: null, after: null });
    const asApplication = (sql: string) =>
      database().transaction(async (tx) => {
        await tx.query('set local role service_role');
        return tx.query(sql);
      });
    for (const sql of ["update public.audit_log set actor = 'nobody'", 'delete from public.audit_log', 'truncate public.audit_log']) {
      await expect(asApplication(sql), sql).rejects.toThrow(/permission denied|append-only/);
      await expect(database().query(sql), sql).rejects.toThrow(/append-only/);
    }
    expect((await stores.audit.page({ limit: 1 })).length).toBe(1);
  });
}

runOnEveryStore(runContract);
