import type { Refund } from '@/lib/orders/refund';

/** What open_refund answered: the refund, or why none was opened (`left`: what may still be refunded, in base units). */
export type OpenRefundOutcome =
  | { refund: Refund }
  | { refused: 'unknown' | 'not_refundable' }
  | { refused: 'too_much'; left: string };
