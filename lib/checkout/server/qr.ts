import type { PublicKey } from '@solana/web3.js';
import QRCode from 'qrcode';
import type { Order } from '@/lib/orders/types';
import { intentResponse } from './intent';

/** A Solana Pay URL (a transfer or a transaction request) as an SVG QR code, drawn on the server. */
export function solanaPayQrSvg(url: string): Promise<string> {
  // Quiet zone and colours as wallets' scanners expect: dark modules on white.
  return QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#000000', light: '#ffffff' } });
}

/** Which of a pending order's Solana Pay requests a QR code carries. */
export type PaymentRequestKind = 'transaction' | 'transfer';

/**
 * The pending order's Solana Pay request as an SVG QR code: the transaction request, which the
 * shop's server builds once the wallet says who it is, or the transfer request for wallets that do
 * not speak it.
 */
export function paymentQrSvg(order: Order, merchant: PublicKey, shopOrigin: string, kind: PaymentRequestKind): Promise<string> {
  const intent = intentResponse(order, merchant, shopOrigin);
  return solanaPayQrSvg(kind === 'transfer' ? intent.solanaPayUrl : intent.transactionRequestUrl);
}
