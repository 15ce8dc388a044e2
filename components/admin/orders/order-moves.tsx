'use client';

import { useId, useState, type FormEvent } from 'react';
import { availableMoves, type PaymentsMode } from '@/lib/orders/fulfilment';
import { trackingReferenceSchema, type MoveRequest } from '@/lib/orders/fulfilment-schema';
import type { Order } from '@/lib/orders/types';
import { inputClass } from '../field';

type Props = { order: Order; payments: PaymentsMode; busy: boolean; onMove: (move: MoveRequest) => void };

const BUTTON = 'rounded bg-gold px-4 py-2 font-medium text-ink hover:bg-gold-bright disabled:opacity-60';

/**
 * The moves this order allows now. The inputs are checked with the server's own rules before
 * sending, so a typo gets its message at once; the server checks them again.
 */
export function OrderMoves({ order, payments, busy, onMove }: Props) {
  const moves = availableMoves(order, payments);
  const id = useId();
  const [tracking, setTracking] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  if (moves.length === 0) return <p className="text-sm text-muted">Nothing to do for this order.</p>;

  function ship(event: FormEvent) {
    event.preventDefault();
    const parsed = trackingReferenceSchema.safeParse(tracking);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Invalid input');
      return;
    }
    setProblem(null);
    onMove({ from: order.status, to: 'shipped', trackingReference: parsed.data });
  }

  return (
    <div className="space-y-4">
      {moves.includes('paid') && (
        <div className="space-y-2">
          <p className="text-sm text-muted">
            This payment arrived after its time to pay ended, so it did not buy the watch. You may sell the watch for it anyway, at the
            amount paid, while a piece is free; or refund it under Refunds.
          </p>
          <button type="button" disabled={busy} onClick={() => onMove({ from: order.status, to: 'paid' })} className={BUTTON}>
            Sell for the late payment
          </button>
        </div>
      )}
      {moves.includes('shipped') && (
        <form onSubmit={ship} className="space-y-2">
          <label htmlFor={`${id}-tracking`} className="block text-sm text-muted">
            Carrier tracking reference
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              id={`${id}-tracking`}
              value={tracking}
              onChange={(event) => setTracking(event.target.value)}
              placeholder="DHL 1234567890"
              autoComplete="off"
              aria-invalid={problem !== null}
              aria-describedby={problem ? `${id}-tracking-error` : undefined}
              className={inputClass}
            />
            <button type="submit" disabled={busy} className={`${BUTTON} shrink-0`}>
              Mark as Shipped
            </button>
          </div>
          {problem && (
            <p id={`${id}-tracking-error`} role="alert" className="text-sm text-sold">
              {problem}
            </p>
          )}
        </form>
      )}
      {moves.includes('delivered') && (
        <button type="button" disabled={busy} onClick={() => onMove({ from: order.status, to: 'delivered' })} className={BUTTON}>
          Mark as Delivered
        </button>
      )}
    </div>
  );
}
