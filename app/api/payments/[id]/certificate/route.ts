import { certificateRoute } from '@/lib/payments/routes';

/** Mints the paid order's NFT certificate, once. */
export async function POST(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  return certificateRoute((await params).id);
}
