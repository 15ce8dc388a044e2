'use client';

import * as Tabs from '@radix-ui/react-tabs';
import { useState, type ReactNode } from 'react';
import { TAB_CLASS } from '@/components/catalog/watch-detail-tab-list';

const TABS = [
  { value: 'orders', label: 'Orders' },
  { value: 'watchlist', label: 'Watchlist' },
] as const;

type TabValue = (typeof TABS)[number]['value'];

/**
 * My Orders' two tabs (issue 52): the wallet's orders, and what it watches, both rendered on the
 * server. Radix switches a tab as the pointer goes down; a click switches it too, since a press
 * made before the page was interactive comes back as a click only (lib/presses-before-hydration.ts).
 */
export function MyOrdersTabs(panels: Record<TabValue, ReactNode>) {
  const [value, setValue] = useState<TabValue>('orders');
  return (
    <Tabs.Root value={value} onValueChange={(next) => setValue(next as TabValue)}>
      <Tabs.List aria-label="My Orders" className="flex border-b border-line">
        {TABS.map((tab) => (
          <Tabs.Trigger key={tab.value} value={tab.value} onClick={() => setValue(tab.value)} className={TAB_CLASS}>
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {TABS.map((tab) => (
        <Tabs.Content key={tab.value} value={tab.value} className="pt-6">
          {panels[tab.value]}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
