import type { NextRequest } from 'next/server';
import { subscribeRoute, watchlistRoute } from '@/lib/watchlist/routes';

/** Watch a piece or save a search (202); the signed-in wallet's watchlist. */
export function POST(request: NextRequest) {
  return subscribeRoute(request, request.cookies);
}

export function GET(request: NextRequest) {
  return watchlistRoute(request.cookies);
}
