'use client';

import * as Tabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { TAB_CLASS, TAB_LIST_LABEL, TABS, type TabValue } from './watch-detail-tab-list';

type RadixTabsProps = { value: TabValue; onChange: (value: TabValue) => void; panels: Record<TabValue, ReactNode> };

/** The watch detail tabs with Radix's keyboard support (loaded on idle: watch-detail-tabs.tsx). */
export default function RadixTabs({ value, onChange, panels }: RadixTabsProps) {
  return (
    <Tabs.Root value={value} onValueChange={(next) => onChange(next as TabValue)}>
      <Tabs.List className="flex border-b border-line" aria-label={TAB_LIST_LABEL}>
        {TABS.map((tab) => (
          <Tabs.Trigger key={tab.value} value={tab.value} className={TAB_CLASS}>
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {TABS.map((tab) => (
        <Tabs.Content key={tab.value} value={tab.value} className="pt-3">
          {panels[tab.value]}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
