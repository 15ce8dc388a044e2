'use client';

import { usePathname } from 'next/navigation';
import type { ReactNode } from 'react';
import { NavigationMenu } from './navigation-menu';

/** The header's navigation for the current path (client-side, so it follows every navigation). */
export function HeaderNavigation({ wallet }: { wallet: ReactNode }) {
  return <NavigationMenu pathname={usePathname()} wallet={wallet} />;
}
