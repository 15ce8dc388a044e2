'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, type ReactNode } from 'react';

type FacetFormProps = {
  /** The listing's path, where the form sends its fields without JavaScript (a GET form). */
  action: string;
  children: ReactNode;
};

/** The control that had the keyboard when the last filters were sent: a selector for it. */
let focusedWhenSent: string | null = null;

/** The same control in the form drawn for the results: a checkbox by its value, a field by its name. */
function selectorOf(element: Element | null): string | null {
  if (element instanceof HTMLButtonElement && element.type === 'submit') return 'button[type="submit"]';
  if (!(element instanceof HTMLInputElement || element instanceof HTMLSelectElement) || element.name === '') return null;
  const name = `[name="${CSS.escape(element.name)}"]`;
  return element instanceof HTMLInputElement && element.type === 'checkbox' ? `${name}[value="${CSS.escape(element.value)}"]` : name;
}

/**
 * The collector's filters (issue 50) as a GET form: without scripts the browser sends it and the
 * server renders the filtered listing; with them, the App Router shows the same address in place.
 * The form is drawn anew for each view (its fields show the view's filters), so the keyboard's
 * place is put back on the control that sent it.
 */
export function FacetForm({ action, children }: FacetFormProps) {
  const router = useRouter();
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!focusedWhenSent) return;
    form.current?.querySelector<HTMLElement>(focusedWhenSent)?.focus();
    focusedWhenSent = null;
  }, []);

  return (
    <form
      ref={form}
      action={action}
      onSubmit={(event) => {
        event.preventDefault();
        const params = new URLSearchParams();
        for (const [name, value] of new FormData(event.currentTarget)) {
          if (typeof value === 'string' && value.trim() !== '') params.append(name, value.trim());
        }
        // The currency names the price range's unit: without a range, or in SOL (the default), it says nothing.
        if (params.get('currency') === 'sol' || !(params.has('price_from') || params.has('price_to'))) params.delete('currency');
        focusedWhenSent = selectorOf(document.activeElement);
        router.push(params.size > 0 ? `${action}?${params}` : action, { scroll: false });
      }}
    >
      {children}
    </form>
  );
}
