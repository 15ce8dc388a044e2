'use client';

import { useId, type FormEvent } from 'react';
import type { ShippingDetails } from '@/lib/purchase/shipping';

type Field = {
  name: keyof ShippingDetails;
  label: string;
  type: 'text' | 'tel' | 'email';
  autoComplete: string;
  multiline?: boolean;
};

/** The shipping form of SPEC §3, in the order the rules of SPEC §5 check it. */
const FIELDS: Field[] = [
  { name: 'fullName', label: 'Full Name', type: 'text', autoComplete: 'name' },
  { name: 'phone', label: 'Phone Number', type: 'tel', autoComplete: 'tel' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'address', label: 'Delivery Address', type: 'text', autoComplete: 'street-address', multiline: true },
];

const INPUT =
  'mt-1.5 block w-full rounded-lg border border-line bg-ink px-3 py-2.5 text-ivory placeholder:text-muted/70 focus:border-gold focus:outline-none';

type ShippingFormProps = {
  shipping: ShippingDetails;
  priceSol: number;
  checking: boolean;
  error: string | null;
  onEdit: (field: keyof ShippingDetails, value: string) => void;
  onSubmit: () => void;
};

export function ShippingForm({ shipping, priceSol, checking, error, onEdit, onSubmit }: ShippingFormProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    // The inputs are `required` (SPEC §5 rule 5), but the spec's own messages, checked in order,
    // replace the browser's validation bubbles.
    <form noValidate onSubmit={submit} className="mt-6 space-y-4" aria-describedby={error ? errorId : undefined}>
      {FIELDS.map((field) => {
        const props = {
          id: `${id}-${field.name}`,
          name: field.name,
          autoComplete: field.autoComplete,
          required: true,
          value: shipping[field.name],
          className: INPUT,
          onChange: (event: { target: { value: string } }) => onEdit(field.name, event.target.value),
        };
        return (
          <div key={field.name}>
            <label htmlFor={props.id} className="text-sm text-muted">
              {field.label}
            </label>
            {field.multiline ? <textarea rows={3} {...props} /> : <input type={field.type} {...props} />}
          </div>
        );
      })}
      {error ? (
        <p id={errorId} role="alert" className="rounded-lg border border-sold/40 bg-sold/10 px-3 py-2 text-sm text-sold">
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={checking}
        aria-busy={checking}
        className="w-full rounded-full bg-gold px-5 py-3 text-sm font-medium text-ink transition hover:bg-gold-bright disabled:cursor-wait disabled:opacity-70"
      >
        {checking ? 'Checking your balance...' : `Pay ${priceSol} SOL`}
      </button>
    </form>
  );
}
