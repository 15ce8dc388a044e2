import { unsubscribeRoute } from '@/lib/watchlist/routes';

/** RFC 8058 one-click unsubscribe (List-Unsubscribe-Post), and the unsubscribe page's button. */
export function POST(request: Request) {
  return unsubscribeRoute(request);
}
