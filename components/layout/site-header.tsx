import { Suspense } from 'react';
import { ShopLink } from '@/components/ui/shop-link';
import { HeaderWallet } from '@/components/wallet-runtime/header-wallet';
import { HeaderNavigation } from './header-navigation';
import { NavigationMenu } from './navigation-menu';

export function SiteHeader() {
  return (
    <header className="border-b border-line">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-5 py-4">
        <ShopLink href="/" className="font-serif text-2xl tracking-[0.2em]" aria-label="ORX home">
          ORX
        </ShopLink>
        {/* On routes with dynamic params the path is only known per request: until then the
            prerendered shell shows the same links, none highlighted. */}
        <Suspense fallback={<NavigationMenu pathname={null} wallet={<HeaderWallet />} />}>
          <HeaderNavigation wallet={<HeaderWallet />} />
        </Suspense>
      </div>
    </header>
  );
}
