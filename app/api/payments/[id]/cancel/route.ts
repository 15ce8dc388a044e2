import { cancelRoute } from '@/lib/checkout/server/routes';

/** Gives up an intent the buyer's wallet did not pay, releasing the piece it held. */
export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return cancelRoute(request, (await params).id);
}
