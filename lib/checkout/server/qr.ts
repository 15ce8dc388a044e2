import type { PublicKey } from '@solana/web3.js';
import QRCode from 'qrcode';
import type { Order } from '@/lib/orders/types';
import { intentResponse } from './intent';

/** The pending order's Solana Pay transfer request as an SVG QR code, drawn on the server. */
export function paymentQrSvg(order: Order, merchant: PublicKey): Promise<string> {
  const { solanaPayUrl } = intentResponse(order, merchant);
  // Quiet zone and colours as wallets' scanners expect: dark modules on white.
  return QRCode.toString(solanaPayUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#000000', light: '#ffffff' } });
}
