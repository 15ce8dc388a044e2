'use client';

import { useId, useState, type FormEvent } from 'react';
import { availableMoves, type PaymentsMode } from '@/lib/orders/fulfilment';
import { refundNoteSchema, trackingReferenceSchema, type MoveRequest } from '@/lib/orders/fulfilment-schema';
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
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<{ field: 'tracking' | 'note'; message: string } | null>(null);

  if (moves.length === 0) return <p className="text-sm text-muted">Nothing to do for this order.</p>;

  function submit(event: FormEvent, field: 'tracking' | 'note') {
    event.preventDefault();
    const parsed = (field === 'tracking' ? trackingReferenceSchema : refundNoteSchema).safeParse(field === 'tracking' ? tracking : note);
    if (!parsed.success) {
      setProblem({ field, message: parsed.error.issues[0]?.message ?? 'Invalid input' });
      return;
    }
    setProblem(null);
    onMove(
      field === 'tracking'
        ? { from: order.status, to: 'shipped', trackingReference: parsed.data }
        : { from: order.status, to: 'refunded', note: parsed.data },
    );
  }

  const error = (field: 'tracking' | 'note') =>
    problem?.field === field ? (
      <p id={`${id}-${field}-error`} role="alert" className="text-sm text-sold">
        {problem.message}
      </p>
    ) : null;

  return (
    <div className="space-y-4">
      {moves.includes('paid') && (
        <div className="space-y-2">
          <p className="text-sm text-muted">
            This payment arrived after its time to pay ended, so it did not buy the watch. You may sell the watch for it anyway, at the
            amount paid, while a piece is free; or refund it below.
          </p>
          <button type="button" disabled={busy} onClick={() => onMove({ from: order.status, to: 'paid' })} className={BUTTON}>
            Sell for the late payment
          </button>
        </div>
      )}
      {moves.includes('shipped') && (
        <form onSubmit={(event) => submit(event, 'tracking')} className="space-y-2">
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
              aria-invalid={problem?.field === 'tracking'}
              aria-describedby={problem?.field === 'tracking' ? `${id}-tracking-error` : undefined}
              className={inputClass}
            />
            <button type="submit" disabled={busy} className={`${BUTTON} shrink-0`}>
              Mark as Shipped
            </button>
          </div>
          {error('tracking')}
        </form>
      )}
      {moves.includes('delivered') && (
        <button type="button" disabled={busy} onClick={() => onMove({ from: order.status, to: 'delivered' })} className={BUTTON}>
          Mark as Delivered
        </button>
      )}
      {moves.includes('refunded') && (
        <form onSubmit={(event) => submit(event, 'note')} className="space-y-2">
          <label htmlFor={`${id}-note`} className="block text-sm text-muted">
            Refund note (how and why it was refunded)
          </label>
          <textarea
            id={`${id}-note`}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            rows={2}
            aria-invalid={problem?.field === 'note'}
            aria-describedby={problem?.field === 'note' ? `${id}-note-error` : undefined}
            className={inputClass}
          />
          {error('note')}
          <button
            type="submit"
            disabled={busy}
            className="rounded border border-sold px-4 py-2 text-sold hover:bg-sold/10 disabled:opacity-60"
          >
            Mark as Refunded
          </button>
        </form>
      )}
    </div>
  );
}
