import type { NextRequest } from 'next/server';
import { removeRoute } from '@/lib/watchlist/routes';

/** Removes a piece or a saved search from the signed-in wallet's watchlist. */
export async function DELETE(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  return removeRoute(request, request.cookies, (await params).id);
}
