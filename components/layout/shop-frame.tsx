import type { ReactNode } from 'react';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export const MAIN_CONTENT_ID = 'main-content';

/**
 * The storefront's header and footer around a page (SPEC §2), also around the site-wide 404. The
 * first Tab stop is a link past the header, shown only while focused, for keyboard users.
 */
export function ShopFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="fixed top-3 left-3 z-50 -translate-y-24 rounded-full bg-gold px-5 py-2.5 text-sm font-medium text-ink focus:translate-y-0"
      >
        Skip to main content
      </a>
      <SiteHeader />
      {/* Focusable from the skip link only, so the next Tab goes on from the page's start. */}
      <div id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 outline-none">
        {children}
      </div>
      <SiteFooter />
    </div>
  );
}
