'use client';

import { useId, useState, type FormEvent } from 'react';
import { decimalToUnits } from '@/lib/chain/currencies';
import type { Refund } from '@/lib/orders/refund';
import type { Order } from '@/lib/orders/types';
import { CURRENCY_DECIMALS, refundRequestSchema, refundUnits, type RefundRequest } from '@/lib/refunds/schema';
import { refundLeft } from '@/lib/refunds/rules';
import { useFieldProblem } from '../field-problem';
import { inputClass } from '../field';

type Field = 'amount' | 'reason';

type Props = {
  order: Order;
  refunds: readonly Refund[];
  busy: boolean;
  /** Opens the refund; whether it was opened (the form then starts empty). */
  onOpen: (request: RefundRequest) => Promise<boolean>;
};

/**
 * "Open a refund": part or all of what the order paid, in its currency, with the reason. Checked
 * here with the route's own schema and rules first (lib/refunds), so a mistake is told next to its
 * field; the server checks again, under the order's lock.
 */
export function RefundForm({ order, refunds, busy, onOpen }: Props) {
  const id = useId();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const { problem, refuse, clear, fieldRef, describedBy, error } = useFieldProblem<Field>(id);
  const left = refundLeft(order, refunds);
  const { currency } = order;

  if (decimalToUnits(left, CURRENCY_DECIMALS[currency]) === 0n) {
    return <p className="text-sm text-muted">Nothing is left to refund: the refunds open or sent add up to all this order paid.</p>;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = refundRequestSchema.safeParse({ amount, reason });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return refuse(issue?.path[0] === 'reason' ? 'reason' : 'amount', issue?.message ?? 'Invalid input');
    }
    const units = refundUnits(parsed.data.amount, currency);
    if ('error' in units) return refuse('amount', units.error);
    if (units.units > decimalToUnits(left, CURRENCY_DECIMALS[currency])) {
      return refuse('amount', `At most ${left} ${currency} is left to refund on this order, counting the refunds open or sent.`);
    }
    clear();
    if (await onOpen(parsed.data)) {
      setAmount('');
      setReason('');
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="text-ivory">
        Open a refund
      </h4>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-amount`} className="block text-sm text-muted">
          Amount in {currency}
        </label>
        <input
          ref={fieldRef('amount')}
          id={`${id}-amount`}
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          inputMode="decimal"
          autoComplete="off"
          placeholder={left}
          aria-invalid={problem?.field === 'amount'}
          aria-describedby={describedBy('amount', `${id}-left`)}
          className={inputClass}
        />
        <p id={`${id}-left`} className="text-sm text-muted">
          Up to {left} {currency} is left to refund, to the wallet that paid.
        </p>
        {error('amount')}
      </div>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-reason`} className="block text-sm text-muted">
          Reason
        </label>
        <textarea
          ref={fieldRef('reason')}
          id={`${id}-reason`}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          rows={2}
          aria-invalid={problem?.field === 'reason'}
          aria-describedby={describedBy('reason')}
          className={inputClass}
        />
        {error('reason')}
      </div>
      <button
        type="submit"
        disabled={busy}
        className="w-full rounded border border-gold px-4 py-2 text-gold hover:text-gold-bright disabled:opacity-60 sm:w-auto"
      >
        Open refund
      </button>
    </form>
  );
}
