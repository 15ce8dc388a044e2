import fs from 'node:fs';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { afterAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@/lib/staff/roles';
import { prepareEmbeddedAdminEnvironment } from '../support/embedded-admin-env';

/**
 * Issue 36: every admin route × every role, through the handlers as Next calls them. The table is
 * written out here, not derived from the code under test: a route added without a row fails
 * "finds every admin route in the table".
 */

const dataDir = await prepareEmbeddedAdminEnvironment('admin-roles', 'the owner password');
const { SESSION_COOKIE } = await import('@/lib/auth/session');
const { closeEmbeddedDatabase } = await import('@/lib/db/embedded');
const { staffCookie } = await import('../support/staff-session');

afterAll(async () => {
  await closeEmbeddedDatabase(path.resolve(dataDir));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const ALLOWED: Record<string, readonly Role[]> = {
  'GET /api/admin/watches': ['owner', 'catalogue'],
  'GET /api/admin/watches/export': ['owner', 'catalogue'],
  'POST /api/admin/watches': ['owner', 'catalogue'],
  'PUT /api/admin/watches/[id]': ['owner', 'catalogue'],
  'DELETE /api/admin/watches/[id]': ['owner', 'catalogue'],
  'PUT /api/admin/watches/[id]/availability': ['owner', 'catalogue'],
  'POST /api/admin/watches/[id]/featured': ['owner', 'catalogue'],
  'POST /api/admin/uploads': ['owner', 'catalogue'],
  'GET /api/admin/orders': ['owner', 'fulfilment'],
  'GET /api/admin/orders/[id]': ['owner', 'fulfilment'],
  'POST /api/admin/orders/[id]/status': ['owner', 'fulfilment'],
  'POST /api/admin/orders/[id]/events/[eventId]/resend': ['owner', 'fulfilment'],
  'POST /api/admin/orders/[id]/refunds': ['owner', 'fulfilment'],
  'POST /api/admin/orders/[id]/refunds/[refundId]/verify': ['owner', 'fulfilment'],
  'POST /api/admin/orders/[id]/refunds/[refundId]/cancel': ['owner', 'fulfilment'],
  'GET /api/admin/orders/[id]/refunds/[refundId]/qr': ['owner', 'fulfilment'],
  'GET /api/admin/orders/export': ['owner', 'fulfilment'],
  'GET /api/admin/certificates/[mint]': ['owner', 'fulfilment'],
  'POST /api/admin/certificates/[mint]/service-events': ['owner', 'fulfilment'],
  'POST /api/admin/certificates/[mint]/service-history/anchor': ['owner', 'fulfilment'],
  'DELETE /api/admin/certificates/[mint]/report': ['owner'],
  'POST /api/admin/certificates/[mint]/freeze': ['owner'],
  'GET /api/admin/staff': ['owner'],
  'POST /api/admin/staff': ['owner'],
  'PATCH /api/admin/staff/[id]': ['owner'],
  'POST /api/admin/staff/[id]/invitation': ['owner'],
  'DELETE /api/admin/staff/[id]/sessions': ['owner'],
  'GET /api/admin/activity': ['owner'],
  'GET /api/admin/activity/export': ['owner'],
  'GET /api/admin/price-floor': ['owner'],
  'PUT /api/admin/price-floor': ['owner'],
  'GET /api/admin/watchlist': ['owner', 'catalogue'],
  'GET /api/admin/watchlist/export': ['owner'],
  'GET /api/admin/account': ['owner', 'catalogue', 'fulfilment'],
  'DELETE /api/admin/account/sessions': ['owner', 'catalogue', 'fulfilment'],
  'DELETE /api/admin/account/sessions/[id]': ['owner', 'catalogue', 'fulfilment'],
  'PUT /api/admin/account/password': ['owner', 'catalogue', 'fulfilment'],
};

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Handler = (request: NextRequest, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

function routeFiles(dir = path.join(process.cwd(), 'app/api/admin')): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === 'route.ts' ? [full] : [];
  });
}

const handlers: { name: string; method: string; pathname: string; handler: Handler }[] = [];
for (const file of routeFiles()) {
  const exports = (await import(file)) as Record<string, unknown>;
  const pathname = `/${path.relative(path.join(process.cwd(), 'app'), path.dirname(file))}`;
  for (const method of METHODS) {
    const handler = exports[method];
    if (typeof handler === 'function') handlers.push({ name: `${method} ${pathname}`, method, pathname, handler: handler as Handler });
  }
}

const ID = '00000000-0000-4000-8000-000000000000';

async function callAs(role: Role, { method, pathname, handler }: (typeof handlers)[number]) {
  const url = `http://shop.test${pathname.replace(/\[[^\]]+\]/g, ID)}`;
  const request = new NextRequest(url, {
    method,
    headers: {
      host: 'shop.test',
      origin: 'http://shop.test',
      cookie: `${SESSION_COOKIE}=${await staffCookie(role)}`,
      ...(method === 'GET' || method === 'DELETE' ? {} : { 'content-type': 'application/json' }),
    },
    body: method === 'GET' || method === 'DELETE' ? undefined : '{}',
  });
  return handler(request, { params: Promise.resolve({ id: ID, eventId: ID }) });
}

it('finds every admin route in the table', () => {
  expect(handlers.map((entry) => entry.name).sort()).toEqual(Object.keys(ALLOWED).sort());
});

describe.each(ROLES)('as %s', (role) => {
  it.each(handlers.map((entry) => [entry.name, entry] as const))('%s', async (name, entry) => {
    const response = await callAs(role, entry);
    if (ALLOWED[name]!.includes(role)) {
      expect([401, 403], `${name} refused the ${role}`).not.toContain(response.status);
      expect(response.status, name).toBeLessThan(500);
    } else {
      expect(response.status).toBe(403);
      const roleName = role === 'catalogue' ? 'Catalogue' : 'Fulfilment';
      expect(((await response.json()) as { error: string }).error).toBe(`Your role (${roleName}) does not allow this. Ask the shop's owner.`);
    }
  });
});
