import { actionOptions, watchActionPaid } from '@/lib/actions/routes';

type Params = { params: Promise<{ id: string }> };

/** The next step of a watch's Action once its transaction is sent: completed when the payment is found. */
export const OPTIONS = () => actionOptions();
export const POST = async (request: Request, { params }: Params) => watchActionPaid(request, (await params).id);
