import type { NextRequest } from 'next/server';
import { cancelRoute } from '@/lib/checkout/server/routes';

/** Gives up an intent the buyer's wallet did not pay, releasing the piece it held: its wallet or staff only. */
export async function POST(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  return cancelRoute(request, (await params).id);
}
