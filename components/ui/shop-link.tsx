'use client';

import { useRouter } from 'next/navigation';
import type { ComponentProps, MouseEvent } from 'react';

type ShopLinkProps = Omit<ComponentProps<'a'>, 'href'> & {
  /** A path of the shop. */
  href: string;
  /** Whether to fetch the page as the pointer or the focus reaches the link (default true). */
  prefetch?: boolean;
  /** Whether the new page starts at its top (default true); a listing's filters keep the place. */
  scroll?: boolean;
};

/** A click that asks the browser for something else than following the link here: a new tab, a window, a download. */
export function isModifiedClick(event: MouseEvent): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

/**
 * A link to a page of the shop, followed on the client like next/link's: a plain click goes
 * through the App Router (no document load; the header, the wallet and the prices stay), anything
 * else (a modified click, a target, no JavaScript yet) is the plain <a>. The page is prefetched
 * as the pointer (a finger too) or the keyboard focus reaches the link.
 *
 * Why not next/link: its client code (the component, URL-object formatting, the shared router
 * utilities it imports) was the largest part of the shop's own first-load JavaScript on every
 * page (issue 25; the figure: docs/performance.md). The router this calls is the one every page loads anyway. What it
 * leaves out of next/link: prefetching every link as it scrolls into view (here on intent only),
 * URL objects, the `replace` option and `useLinkStatus`, none of which the shop uses.
 */
export function ShopLink({ href, prefetch = true, scroll = true, onClick, onPointerEnter, onFocus, ...props }: ShopLinkProps) {
  const router = useRouter();
  const fetchAhead = () => {
    if (prefetch) router.prefetch(href);
  };
  return (
    <a
      {...props}
      href={href}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || isModifiedClick(event) || (props.target && props.target !== '_self') || props.download !== undefined) return;
        event.preventDefault();
        router.push(href, { scroll });
      }}
      onPointerEnter={(event) => {
        onPointerEnter?.(event);
        fetchAhead();
      }}
      onFocus={(event) => {
        onFocus?.(event);
        fetchAhead();
      }}
    />
  );
}
