import type { PublicKey } from '@solana/web3.js';
import QRCode from 'qrcode';
import type { Order } from '@/lib/orders/types';
import { intentResponse } from './intent';

/** A Solana Pay transfer request as an SVG QR code, drawn on the server. */
export function solanaPayQrSvg(url: string): Promise<string> {
  // Quiet zone and colours as wallets' scanners expect: dark modules on white.
  return QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#000000', light: '#ffffff' } });
}

/** The pending order's Solana Pay transfer request as an SVG QR code. */
export const paymentQrSvg = (order: Order, merchant: PublicKey) => solanaPayQrSvg(intentResponse(order, merchant).solanaPayUrl);
