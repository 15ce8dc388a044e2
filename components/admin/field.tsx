import type { ReactNode } from 'react';

export const inputClass =
  'w-full rounded border border-line bg-raised px-3 py-2 text-ivory placeholder:text-muted/70 focus:border-gold';

/** A labelled form control of the admin screens. */
export function Field({ label, htmlFor, children }: { label: string; htmlFor: string; children: ReactNode }) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={htmlFor} className="block text-sm text-muted">
        {label}
      </label>
      {children}
    </div>
  );
}
