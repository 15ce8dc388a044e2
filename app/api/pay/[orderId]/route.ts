import { transactionRequestLabel, transactionRequestOptions, transactionRequestTransaction } from '@/lib/checkout/server/transaction-request-routes';

type Params = { params: Promise<{ orderId: string }> };

/** The Solana Pay transaction request of one payment intent: the purchase dialog's QR code. */
export const OPTIONS = () => transactionRequestOptions();
export const GET = async (request: Request, { params }: Params) => transactionRequestLabel(request, (await params).orderId);
export const POST = async (request: Request, { params }: Params) => transactionRequestTransaction(request, (await params).orderId);
