import { cancelRoute } from '@/lib/payments/routes';

/** Gives up an intent the buyer's wallet did not pay, releasing the piece it held. */
export async function POST(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  return cancelRoute((await params).id);
}
