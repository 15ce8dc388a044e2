/**
 * The Solana Pay transaction request of a payment intent: a phone wallet GETs it for the shop's
 * label and icon, POSTs its account and receives the transaction the server built
 * (lib/checkout/server/transaction-request.ts).
 */
export const transactionRequestPath = (orderId: string) => `/api/pay/${encodeURIComponent(orderId)}`;

/** `solana:<link>`: the link as it is, since it carries no query of its own to encode (Solana Pay spec). */
export const transactionRequestUrl = (origin: string, orderId: string) => `solana:${origin}${transactionRequestPath(orderId)}`;
