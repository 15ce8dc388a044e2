import { qrRoute } from '@/lib/payments/routes';

/** The pending order's Solana Pay QR code, for a phone wallet. */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  return qrRoute((await params).id);
}
