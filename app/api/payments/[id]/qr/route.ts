import { qrRoute } from '@/lib/checkout/server/routes';

/** The pending order's Solana Pay QR code, for a phone wallet. */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return qrRoute(request, (await params).id);
}
