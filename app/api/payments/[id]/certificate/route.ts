import { certificateRoute } from '@/lib/checkout/server/routes';

/** Mints the paid order's NFT certificate, once. */
export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return certificateRoute(request, (await params).id);
}
