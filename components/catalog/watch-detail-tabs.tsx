'use client';

import { lazy, Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import type { Watch } from '@/lib/catalog/types';
import { WatchImage } from './watch-image';
import { TAB_CLASS, TAB_LIST_LABEL, TABS, type TabValue } from './watch-detail-tab-list';
import { WatchSpecs } from './watch-specs';

/**
 * Radix's tabs (keyboard arrows, roving focus) are heavy for a first load: they are fetched once
 * the page is idle, not with it (issue 25). Until then the same tabs are drawn without them, and a click on
 * one already switches it.
 */
const RadixTabs = lazy(() => import('./radix-tabs'));

/** SPEC §2: 'Watch Details' (the specifications) and 'NFT Preview' (the certificate picture). */
export function WatchDetailTabs({ watch }: { watch: Pick<Watch, 'brand' | 'model' | 'specs'> }) {
  const [value, setValue] = useState<TabValue>('details');
  const [idle, setIdle] = useState(false);
  const id = useId();

  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = setTimeout(() => setIdle(true), 200);
      return () => clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(() => setIdle(true), { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }, []);

  const panels: Record<TabValue, ReactNode> = { details: <WatchSpecs specs={watch.specs} />, nft: <NftPreview watch={watch} /> };
  const plain = <PlainTabs id={id} value={value} onChange={setValue} panels={panels} />;
  if (!idle) return plain;
  return (
    <Suspense fallback={plain}>
      <RadixTabs value={value} onChange={setValue} panels={panels} />
    </Suspense>
  );
}

type TabsProps = { value: TabValue; onChange: (value: TabValue) => void; panels: Record<TabValue, ReactNode> };

/** The tabs as Radix draws them (same roles, states and classes), switched by click only. */
function PlainTabs({ id, value, onChange, panels }: TabsProps & { id: string }) {
  return (
    <div dir="ltr">
      <div role="tablist" aria-orientation="horizontal" aria-label={TAB_LIST_LABEL} className="flex border-b border-line">
        {TABS.map((tab) => (
          <button
            key={tab.value}
            type="button"
            role="tab"
            id={`${id}-trigger-${tab.value}`}
            aria-selected={tab.value === value}
            aria-controls={`${id}-content-${tab.value}`}
            data-state={tab.value === value ? 'active' : 'inactive'}
            tabIndex={tab.value === value ? 0 : -1}
            onClick={() => onChange(tab.value)}
            className={TAB_CLASS}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {TABS.map((tab) => (
        <div
          key={tab.value}
          role="tabpanel"
          id={`${id}-content-${tab.value}`}
          aria-labelledby={`${id}-trigger-${tab.value}`}
          data-state={tab.value === value ? 'active' : 'inactive'}
          hidden={tab.value !== value}
          tabIndex={0}
          className="pt-3"
        >
          {tab.value === value && panels[tab.value]}
        </div>
      ))}
    </div>
  );
}

function NftPreview({ watch }: { watch: Pick<Watch, 'brand' | 'model' | 'specs'> }) {
  const nftImage = watch.specs.nft_image;
  if (!nftImage) return <p className="text-muted">The NFT certificate is minted at purchase.</p>;
  return (
    <div className="relative mx-auto aspect-square w-full max-w-72 overflow-hidden rounded-lg border border-line bg-surface">
      <WatchImage src={nftImage} alt={`NFT certificate of the ${watch.brand} ${watch.model}`} sizes="288px" />
    </div>
  );
}
