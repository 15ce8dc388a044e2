import { confirmRoute } from '@/lib/watchlist/routes';

/** The confirmation e-mail's link, pressed: the address and what it asked for are on. */
export function POST(request: Request) {
  return confirmRoute(request);
}
