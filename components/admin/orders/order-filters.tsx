'use client';

import { useId, useState, type FormEvent } from 'react';
import { ordersExportUrl, type OrderFilter } from '@/lib/admin/order-query';
import { ensureRecentFactor } from '@/lib/admin/step-up-client';
import { STATUS_LABELS } from '@/lib/orders/fulfilment';
import { ORDER_STATUSES, type OrderStatus } from '@/lib/orders/types';
import { inputClass } from '../field';

type Props = { filter: OrderFilter; onChange: (filter: OrderFilter) => void };

/** Status filter (applied at once), search (applied on submit) and the CSV of what is shown. */
export function OrderFilters({ filter, onChange }: Props) {
  const id = useId();
  const [q, setQ] = useState(filter.q);

  function submit(event: FormEvent) {
    event.preventDefault();
    onChange({ ...filter, q });
  }

  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
      <form role="search" aria-label="Orders" onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="space-y-1.5">
          <label htmlFor={`${id}-status`} className="block text-sm text-muted">
            Status
          </label>
          <select
            id={`${id}-status`}
            value={filter.status}
            onChange={(event) => onChange({ q, status: event.target.value as OrderStatus | '' })}
            className={`${inputClass} sm:w-48`}
          >
            <option value="">All statuses</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-q`} className="block text-sm text-muted">
            Name, e-mail or signature
          </label>
          <input
            id={`${id}-q`}
            type="search"
            value={q}
            maxLength={200}
            onChange={(event) => setQ(event.target.value)}
            className={`${inputClass} sm:w-72`}
          />
        </div>
        <button type="submit" className="rounded border border-gold px-4 py-2 text-gold hover:text-gold-bright">
          Search
        </button>
      </form>
      <a
        href={ordersExportUrl(filter)}
        download
        onClick={(event) => {
          // The export needs the second factor given minutes ago (step-up): asked first when it was not.
          event.preventDefault();
          const url = ordersExportUrl(filter);
          void ensureRecentFactor().then((given) => given && window.location.assign(url));
        }}
        className="self-start rounded border border-line px-4 py-2 text-sm hover:border-gold hover:text-gold-bright lg:self-auto"
      >
        Export CSV
      </a>
    </div>
  );
}
