import { certificateJsonRoute } from '@/lib/certificate/routes';

/** The public metadata of an order's NFT certificate (its token's uri). */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  return certificateJsonRoute((await params).id);
}
