import type { PriceFloor, Watch } from '@/lib/catalog/types';
import { confirmIdentity, STEP_UP_REQUIRED } from './step-up-client';
import type { MoveRequest } from '@/lib/orders/fulfilment-schema';
import type { Account } from './account-query';
import { activityQueryString, type ActivityFilter, type ActivityPage } from './activity-query';
import type { Invited, StaffMemberView } from './staff-query';
import { orderQueryString, type OpenedRefund, type OrderDetail, type OrderFilter, type OrdersPage } from './order-query';
import { watchListSearch, type AdminWatchPage, type WatchListQuery } from './watch-list-query';

/** The admin panel's calls to its route handlers; a refusal throws the server's message. */

export class AdminApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The answer's JSON, for refusals that carry more than their message. */
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'AdminApiError';
  }
}

/** Sent on window when an admin call finds the session ended. */
export const SIGNED_OUT_EVENT = 'orx:admin-signed-out';

/**
 * One call to the shop's admin API. A call that needs the second factor again (step-up, answered
 * STEP_UP_REQUIRED) asks the member for it (lib/admin/step-up-client.ts) and, once given, is sent
 * again; declined, it fails with the server's message.
 */
export async function call<T>(path: string, method = 'GET', body?: unknown, stepUp = true): Promise<T> {
  const response = await fetch(path, {
    method,
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    cache: 'no-store',
  });
  const json = (await response.json().catch(() => null)) as { error?: string; code?: string } | null;
  if (stepUp && response.status === 403 && json?.code === STEP_UP_REQUIRED && (await confirmIdentity())) return call<T>(path, method, body, false);
  // The session ended (signed out elsewhere, by the owner, or timed out): the panel shows the login.
  if (response.status === 401 && path.startsWith('/api/admin/')) window.dispatchEvent(new Event(SIGNED_OUT_EVENT));
  if (!response.ok) throw new AdminApiError(json?.error ?? 'Operation failed', response.status, json);
  return json as T;
}

const orderPath = (id: string) => `/api/admin/orders/${encodeURIComponent(id)}`;
/** An open refund's QR code is at `${refundPath(…)}/qr`. */
export const refundPath = (orderId: string, refundId: string) => `${orderPath(orderId)}/refunds/${encodeURIComponent(refundId)}`;
const staffPath = (id: string) => `/api/admin/staff/${encodeURIComponent(id)}`;
const watchPath = (id: string) => `/api/admin/watches/${encodeURIComponent(id)}`;

export const adminApi = {
  logIn: (username: string, password: string) => call('/api/admin-session', 'POST', { username, password }),
  logOut: () => call('/api/admin-session', 'DELETE'),
  listWatches: (query: WatchListQuery) => call<AdminWatchPage>(`/api/admin/watches${watchListSearch(query)}`),
  createWatch: async (input: unknown) => (await call<{ watch: Watch }>('/api/admin/watches', 'POST', input)).watch,
  /** Saves an edit begun when the watch's stock was `expectedStock` (see watchWhoseStockChanged). */
  updateWatch: async (id: string, input: object, expectedStock: number) =>
    (await call<{ watch: Watch }>(watchPath(id), 'PUT', { ...input, expected_stock: expectedStock })).watch,
  priceFloor: async () => (await call<{ floor: PriceFloor }>('/api/admin/price-floor')).floor,
  setPriceFloor: async (floor: PriceFloor) => (await call<{ floor: PriceFloor }>('/api/admin/price-floor', 'PUT', floor)).floor,
  toggleFeatured: async (id: string) => (await call<{ watch: Watch }>(`${watchPath(id)}/featured`, 'POST')).watch,
  setAvailable: async (id: string, available: boolean) =>
    (await call<{ watch: Watch }>(`${watchPath(id)}/availability`, 'PUT', { available })).watch,
  deleteWatch: (id: string) => call(watchPath(id), 'DELETE'),
  listOrders: (filter: OrderFilter, offset: number) => call<OrdersPage>(`/api/admin/orders?${orderQueryString(filter, offset)}`),
  orderDetail: (id: string) => call<OrderDetail>(orderPath(id)),
  moveOrder: (id: string, move: MoveRequest) => call<OrderDetail>(`${orderPath(id)}/status`, 'POST', move),
  /** Opens a refund (the member's second factor asked again if it is not recent). */
  openRefund: (id: string, refund: { amount: string; reason: string }) => call<OpenedRefund>(`${orderPath(id)}/refunds`, 'POST', refund),
  /** Looks on chain for the refund's transfer now; the order as it then is. */
  verifyRefund: (id: string, refundId: string) => call<OrderDetail>(`${refundPath(id, refundId)}/verify`, 'POST'),
  cancelRefund: (id: string, refundId: string) => call<OrderDetail>(`${refundPath(id, refundId)}/cancel`, 'POST'),
  account: () => call<Account>('/api/admin/account'),
  /** One of the member's own sessions, or all of them (`id` null). */
  endSessions: (id: string | null) =>
    call<{ signedOut: boolean }>(id === null ? '/api/admin/account/sessions' : `/api/admin/account/sessions/${encodeURIComponent(id)}`, 'DELETE'),
  changePassword: (current: string, next: string) => call<{ signedOut: boolean }>('/api/admin/account/password', 'PUT', { current, next }),
  staff: () => call<StaffMemberView[]>('/api/admin/staff'),
  inviteStaff: (invitation: { name: string; email: string; role: string }) => call<Invited>('/api/admin/staff', 'POST', invitation),
  reinviteStaff: (id: string) => call<Invited>(`${staffPath(id)}/invitation`, 'POST'),
  updateStaff: (id: string, update: { role?: string; disabled?: boolean }) => call<StaffMemberView[]>(staffPath(id), 'PATCH', update),
  endStaffSessions: (id: string) => call<{ ended: number }>(`${staffPath(id)}/sessions`, 'DELETE'),
  /** A page of the audit trail; `before`: the `next` of the page shown last, null for the newest. */
  activity: (filter: ActivityFilter, before: number | null) => call<ActivityPage>(`/api/admin/activity?${activityQueryString(filter, before)}`),
  lookUpInvitation: (token: string) => call<{ name: string; username: string; role: string }>('/api/admin-invite/lookup', 'POST', { token }),
  acceptInvitation: (token: string, password: string) => call<{ username: string }>('/api/admin-invite', 'POST', { token, password }),
  resendEvent: (id: string, eventId: string) =>
    call<OrderDetail>(`${orderPath(id)}/events/${encodeURIComponent(eventId)}/resend`, 'POST'),
};

/** The watch as it is now, when an edit was refused because its stock changed meanwhile (409). */
export function watchWhoseStockChanged(failure: unknown): Watch | null {
  if (!(failure instanceof AdminApiError) || failure.status !== 409) return null;
  return (failure.body as { watch?: Watch } | null)?.watch ?? null;
}
