'use client';

import { useId, useState, type FormEvent } from 'react';
import type { ShippingDetails } from '@/lib/checkout/shipping';
import type { PaymentCurrency } from '@/lib/chain/currencies';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from './button-styles';

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
  /** The wallet is asked to sign in: the buyer's eyes belong on its window. */
  signingIn: boolean;
  error: string | null;
  onEdit: (field: keyof ShippingDetails, value: string) => void;
  /** Pays from the connected wallet. */
  onSubmit: () => void;
  /** Pays with a phone wallet through a Solana Pay QR code (real payments only). */
  onPayWithPhone?: () => void;
  /** Offered when the shop takes USDC too: its amount, whether it is the buyer's choice, and the choice. */
  usdc?: { amount: string; chosen: boolean; onChoose: (currency: PaymentCurrency) => void };
};

const BUSY = 'disabled:cursor-wait disabled:opacity-70';
const PRIMARY = `${PRIMARY_BUTTON} ${BUSY}`;
const SECONDARY = `${SECONDARY_BUTTON} ${BUSY}`;

const SIGNING_IN = 'Approve the sign-in in your wallet...';

export function ShippingForm({ shipping, priceSol, checking, signingIn, error, onEdit, onSubmit, onPayWithPhone, usdc }: ShippingFormProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const [viaPhone, setViaPhone] = useState(false);
  const pay = (phone: boolean) => {
    setViaPhone(phone);
    (phone ? onPayWithPhone : onSubmit)?.();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    pay(false);
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
      {usdc ? <CurrencyChoice priceSol={priceSol} usdc={usdc} disabled={checking} /> : null}
      <button type="submit" disabled={checking} aria-busy={checking && !viaPhone} className={PRIMARY}>
        {checking && !viaPhone ? (signingIn ? SIGNING_IN : 'Checking your balance...') : `Pay ${usdc?.chosen ? `${usdc.amount} USDC` : `${priceSol} SOL`}`}
      </button>
      {onPayWithPhone ? (
        <button type="button" onClick={() => pay(true)} disabled={checking} aria-busy={checking && viaPhone} className={SECONDARY}>
          {checking && viaPhone ? (signingIn ? SIGNING_IN : 'Preparing your payment...') : 'Pay with a phone wallet'}
        </button>
      ) : null}
      {signingIn ? (
        <p role="status" className="text-sm text-muted">
          Your wallet asks you to sign in to this shop: the watch is then held for you while you pay, and your orders are yours to see.
          Signing costs nothing and moves no SOL.
        </p>
      ) : null}
    </form>
  );
}

/** Pay with SOL or with USDC, each with its amount: a native radio group, as every platform reads one. */
function CurrencyChoice({ priceSol, usdc, disabled }: { priceSol: number; usdc: NonNullable<ShippingFormProps['usdc']>; disabled: boolean }) {
  const options = [
    { currency: 'SOL', amount: `${priceSol} SOL`, chosen: !usdc.chosen },
    { currency: 'USDC', amount: `${usdc.amount} USDC`, chosen: usdc.chosen },
  ] as const;
  return (
    <fieldset disabled={disabled} className="space-y-2">
      <legend className="text-sm text-muted">Pay in</legend>
      {options.map((option) => (
        <label
          key={option.currency}
          className="flex cursor-pointer items-center gap-3 rounded-lg border border-line px-3 py-2.5 has-[:checked]:border-gold has-[:focus-visible]:outline has-[:focus-visible]:outline-gold"
        >
          <input
            type="radio"
            name="currency"
            value={option.currency}
            checked={option.chosen}
            onChange={() => usdc.onChoose(option.currency)}
            className="accent-gold"
          />
          <span>Pay with {option.currency}</span>
          <span className="ml-auto text-ivory">{option.amount}</span>
        </label>
      ))}
    </fieldset>
  );
}
