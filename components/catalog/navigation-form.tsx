'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';

type NavigationFormProps = {
  /** Where the form sends its fields without JavaScript (a GET form). */
  action: string;
  /**
   * The address those fields make, which the App Router shows instead of loading a document;
   * without it, the address is the form's own fields, the empty ones left out (the collector's
   * filters, which the shopper fills in).
   */
  href?: string;
  className?: string;
  children: ReactNode;
};

/** The control that had the keyboard when a form was last sent: a selector for it. */
let focusedWhenSent: string | null = null;

/** The same control in the form drawn for the new view: a checkbox by its value, a field by its name. */
function selectorOf(element: Element | null): string | null {
  if (element instanceof HTMLButtonElement && element.type === 'submit') return 'button[type="submit"]';
  if (!(element instanceof HTMLInputElement || element instanceof HTMLSelectElement) || element.name === '') return null;
  const name = `[name="${CSS.escape(element.name)}"]`;
  return element instanceof HTMLInputElement && element.type === 'checkbox' ? `${name}[value="${CSS.escape(element.value)}"]` : name;
}

/**
 * A GET form whose submission, once the page is interactive, is a navigation of the App Router
 * (a listing's Shuffle, Clear Filters, the collector's filters). A form drawn anew for the view
 * it asked for puts the keyboard back on the control that sent it. Why not next/form: like
 * next/link (components/ui/shop-link.tsx), it brings its own prefetching code to the first load
 * for what is here one `router.push`.
 */
export function NavigationForm({ action, href, className, children }: NavigationFormProps) {
  const router = useRouter();
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!focusedWhenSent) return;
    const control = form.current?.querySelector<HTMLElement>(focusedWhenSent);
    if (control) {
      control.focus();
      focusedWhenSent = null;
    }
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) {
      if (typeof value === 'string' && value.trim() !== '') params.append(name, value.trim());
    }
    focusedWhenSent = selectorOf(document.activeElement);
    router.push(href ?? (params.size > 0 ? `${action}?${params}` : action), { scroll: false });
  };
  return (
    <form ref={form} action={action} onSubmit={submit} className={className}>
      {children}
    </form>
  );
}
