'use client';

import { useRouter } from 'next/navigation';
import { useEffect, type FormEvent, type ReactNode } from 'react';

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

/** The id of the control that had the keyboard when a form was last sent. */
let focusedWhenSent = '';

/**
 * A GET form whose submission, once the page is interactive, is a navigation of the App Router
 * (a listing's Shuffle, Clear Filters, the collector's filters). A form drawn anew for the view
 * it asked for puts the keyboard back on the control that sent it, found by its id. Why not
 * next/form: like next/link (components/ui/shop-link.tsx), it brings its own prefetching code to
 * the first load for what is here one `router.push`.
 */
export function NavigationForm({ action, href, className, children }: NavigationFormProps) {
  const router = useRouter();
  useEffect(() => {
    if (focusedWhenSent) document.getElementById(focusedWhenSent)?.focus();
    focusedWhenSent = '';
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) {
      if (typeof value === 'string' && value.trim() !== '') params.append(name, value.trim());
    }
    const target = href ?? (params.size > 0 ? `${action}?${params}` : action);
    // The same view is not drawn anew: nothing would take the id, and a later form would.
    focusedWhenSent = target === location.pathname + location.search ? '' : (document.activeElement?.id ?? '');
    router.push(target, { scroll: false });
  };
  return (
    <form action={action} onSubmit={submit} className={className}>
      {children}
    </form>
  );
}
