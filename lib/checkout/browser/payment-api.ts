import type { PaymentCurrency } from '@/lib/chain/currencies';
import type { PaymentIntentResponse, PaymentStatusResponse } from '@/lib/checkout/api';
import { heldByAnotherBuyerMessage } from '@/lib/checkout/messages';
import type { ShippingDetails } from '@/lib/checkout/shipping';

/**
 * The browser's calls to the real checkout's routes (lib/checkout/api.ts is the contract). A
 * refusal throws a PaymentApiError with the server's message and status; a network failure
 * throws what fetch threw.
 */

export class PaymentApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'PaymentApiError';
  }
}

export type IntentRequest = { watchId: string; wallet: string | null; shipping: ShippingDetails; currency: PaymentCurrency };

export type PaymentApi = {
  createIntent: (request: IntentRequest) => Promise<PaymentIntentResponse>;
  /** Asks the server to look for the payment on chain; the signature only helps it look. */
  verify: (orderId: string, signature?: string) => Promise<PaymentStatusResponse>;
  /** Mints the paid order's certificate (idempotent). */
  certify: (orderId: string) => Promise<PaymentStatusResponse>;
  /** Gives up an intent the wallet did not pay, so its held piece is free again at once. */
  cancel: (orderId: string) => Promise<PaymentStatusResponse>;
};

const paymentPath = (orderId: string, action: 'verify' | 'certificate' | 'cancel') => `/api/payments/${encodeURIComponent(orderId)}/${action}`;

/**
 * Where the QR code of an intent is drawn: its transaction request, or (`transfer`) its transfer
 * request, for wallets that do not speak transaction requests.
 */
export const paymentQrPath = (orderId: string, request: 'transaction' | 'transfer' = 'transaction') =>
  `/api/payments/${encodeURIComponent(orderId)}/qr${request === 'transfer' ? '?request=transfer' : ''}`;

export function paymentApi(fetchJson: typeof fetch): PaymentApi {
  async function post<T>(path: string, body: unknown): Promise<T> {
    const response = await fetchJson(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      cache: 'no-store',
    });
    const json = (await response.json().catch(() => null)) as (T & { error?: unknown }) | null;
    if (!response.ok || json === null) {
      const message = heldUntilOf(json) ?? (typeof json?.error === 'string' ? json.error : `The server answered ${response.status}`);
      throw new PaymentApiError(message, response.status);
    }
    return json;
  }
  return {
    createIntent: (request) => post('/api/payments', request),
    verify: (orderId, signature) => post(paymentPath(orderId, 'verify'), signature ? { signature } : {}),
    certify: (orderId) => post(paymentPath(orderId, 'certificate'), {}),
    cancel: (orderId) => post(paymentPath(orderId, 'cancel'), {}),
  };
}

/** A refusal because every piece is held: the message with the time in the buyer's own clock. */
function heldUntilOf(json: object | null): string | null {
  if (json === null || !('heldUntil' in json)) return null;
  if (typeof json.heldUntil !== 'string') return null;
  const retryAt = new Date(json.heldUntil);
  return Number.isNaN(retryAt.getTime()) ? null : heldByAnotherBuyerMessage(retryAt);
}

/** Whether trying the same call again later may succeed: the network, an outage, a rate limit. */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof PaymentApiError)) return true;
  return error.status >= 500 || error.status === 429 || error.status === 408;
}
