import 'server-only';
import { connection } from 'next/server';
import { siteUrl } from '@/lib/config';
import { orderStore } from '@/lib/orders/server-store';
import { aboutPayment, jsonBody, refusalResponse } from './routes';
import { paymentsRuntime } from './runtime';
import { shopIcon, SHOP_LABEL, transactionRequest } from './transaction-request';
import { walletAnswer, walletRequestHeaders } from './wallet-request-headers';
import { walletFundsReader } from './wallet-funds';

/**
 * The route handlers of the Solana Pay transaction request, `solana:https://<shop>/api/pay/{orderId}`
 * (the purchase dialog's QR code): a wallet asks from its own origin and reads `{ message }` on an
 * error, so every answer carries the wallet headers (wallet-request-headers.ts).
 */

const connectionOrNull = () => paymentsRuntime()?.connection ?? null;

/** OPTIONS: the CORS preflight of a wallet or a web page asking from elsewhere. */
export async function transactionRequestOptions(): Promise<Response> {
  await connection();
  return new Response(null, { status: 204, headers: await walletRequestHeaders(connectionOrNull()) });
}

/** GET: the shop's label and icon, which the wallet shows while it asks its user to go on. */
export async function transactionRequestLabel(request: Request, rawId: string): Promise<Response> {
  const answer = await aboutPayment(request, rawId, 'describe the payment', async () => {
    const origin = siteUrl().origin;
    return Response.json({ label: SHOP_LABEL, icon: shopIcon(origin) });
  });
  return walletAnswer(answer, connectionOrNull());
}

/** POST `{ account }`: the transaction paying the order from that account, or why not (nothing to sign). */
export async function transactionRequestTransaction(request: Request, rawId: string): Promise<Response> {
  const answer = await aboutPayment(request, rawId, 'prepare the payment', async (id, { connection, merchant, usdcMint }) => {
    const result = await transactionRequest(id, await jsonBody(request), {
      orders: orderStore(),
      connection,
      merchant,
      shopOrigin: siteUrl().origin,
      walletFunds: walletFundsReader(connection, usdcMint),
    });
    return result.ok ? Response.json(result.response) : refusalResponse(result);
  });
  return walletAnswer(answer, connectionOrNull());
}
