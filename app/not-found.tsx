import type { Metadata } from 'next';
import { NotFoundPanel } from '@/components/layout/not-found-panel';
import { ShopFrame } from '@/components/layout/shop-frame';

export const metadata: Metadata = { title: 'Page Not Found' };

/** The site-wide 404 (DESIGN: every page a shopper can land on has the shop's header and footer). */
export default function NotFound() {
  return (
    <ShopFrame>
      <NotFoundPanel title="Page Not Found" message="There is nothing at this address. The watch or page may have moved." />
    </ShopFrame>
  );
}
