import { verifyRoute } from '@/lib/checkout/server/routes';

/** Looks for the order's payment on chain and records what it finds. */
export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return verifyRoute(request, (await params).id);
}
