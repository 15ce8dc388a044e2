'use client';

import { useRouter } from 'next/navigation';
import type { FormEvent, ReactNode } from 'react';

type NavigationFormProps = {
  /** Where the form sends its fields without JavaScript (a GET form). */
  action: string;
  /** The address those fields make, which the App Router shows instead of loading a document. */
  href: string;
  className?: string;
  children: ReactNode;
};

/**
 * A GET form whose submission, once the page is interactive, is a navigation of the App Router,
 * to the address the server worked out for it (a listing's Shuffle and Clear Filters). Why not
 * next/form: like next/link (components/ui/shop-link.tsx), it brings its own prefetching code to
 * the first load for what is here one `router.push`.
 */
export function NavigationForm({ action, href, className, children }: NavigationFormProps) {
  const router = useRouter();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    router.push(href, { scroll: false });
  };
  return (
    <form action={action} onSubmit={submit} className={className}>
      {children}
    </form>
  );
}
