import { actionOptions, watchActionGet, watchActionPost } from '@/lib/actions/routes';

type Params = { params: Promise<{ id: string }> };

/** A watch's Solana Action: its Buy card (GET), and the transaction that buys it (POST `{ account }`). */
export const OPTIONS = () => actionOptions();
export const GET = async (request: Request, { params }: Params) => watchActionGet(request, (await params).id);
export const POST = async (request: Request, { params }: Params) => watchActionPost(request, (await params).id);
