/**
 * The admin API as the panel calls it (a session cookie with its second factor given, the shop's
 * own Origin), for the scripts
 * and tests that change the catalogue from outside a browser: the several-instance test and the
 * two-instance load test.
 */
import type { Watch, WatchInput } from '../../lib/catalog/types';
import { newOwnerApp, ownerCookie, type OwnerApp } from './owner-sign-in';

export type AdminClient = {
  create(input: WatchInput): Promise<Watch>;
  /** An edit begun when the watch's stock was `expectedStock` (the server refuses it, 409, if it changed). */
  update(id: string, input: WatchInput, expectedStock: number): Promise<Watch>;
  remove(id: string): Promise<void>;
};

/** `app`: the owner's authenticator app, shared by clients signing in to shops on one database. */
export async function adminClient(base: string, login: { username: string; password: string }, app: OwnerApp = newOwnerApp()): Promise<AdminClient> {
  const origin = { origin: base, 'content-type': 'application/json' };
  const cookie = await ownerCookie(base, login, app);
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}/api/admin/watches${path}`, { method, headers: { ...origin, cookie }, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!response.ok) throw new Error(`${method} /api/admin/watches${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { watch: Watch };
  };
  return {
    create: async (input) => (await call('POST', '', input)).watch,
    update: async (id, input, expectedStock) => (await call('PUT', `/${id}`, { ...input, expected_stock: expectedStock })).watch,
    remove: async (id) => {
      await call('DELETE', `/${id}`);
    },
  };
}
