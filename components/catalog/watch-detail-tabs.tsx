'use client';

import { useEffect, useId, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import type { DetailedWatch } from '@/lib/catalog/specs';
import type { Watch } from '@/lib/catalog/types';
import { WatchImage } from './watch-image';
import { TAB_CLASS, TAB_LIST_LABEL, TABS, type TabValue } from './watch-detail-tab-list';
import { WatchSpecs } from './watch-specs';

/**
 * Radix's tabs (keyboard arrows, roving focus) are heavy for a first load: they are fetched once
 * the page is idle, not with it (issue 25). Until then the same tabs are drawn without them, and a click on
 * one already switches it.
 *
 * Radix's tabs replace those elements: a press that went down on one and came up on the other
 * would switch nothing. So Radix's module is loaded first, and only then, in one task, the page
 * checks that no tab is being pressed and draws Radix's tabs (flushSync): a press cannot begin
 * between the check and the swap, as it could during the download of a lazy() component, which
 * on a slow phone takes long enough for a tap. While a tab is pressed, the swap waits for the press to end.
 */
const loadRadixTabs = () => import('./radix-tabs');
type RadixTabsComponent = ComponentType<TabsProps>;

/** SPEC §2: 'Watch Details' (the specifications) and 'NFT Preview' (the certificate picture). */
export function WatchDetailTabs({ watch }: { watch: Pick<Watch, 'brand' | 'model'> & DetailedWatch }) {
  const [value, setValue] = useState<TabValue>('details');
  const [RadixTabs, setRadixTabs] = useState<RadixTabsComponent | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const id = useId();

  useEffect(() => {
    let waits = false;
    let ended = false;
    const swap = () => {
      void loadRadixTabs().then(({ default: loaded }) => {
        // `:active`: a pointer (or the space bar) is down on a tab, from before hydration too.
        waits = root.current?.querySelector(':active') != null;
        if (!waits && !ended) flushSync(() => setRadixTabs(() => loaded));
      });
    };
    // Tried again after the click that ends the press, which follows pointerup in the same task.
    const released = () => {
      if (waits) setTimeout(swap);
    };
    const ends = ['pointerup', 'pointercancel', 'keyup'] as const;
    for (const type of ends) document.addEventListener(type, released, true);
    const stopListening = () => {
      ended = true;
      for (const type of ends) document.removeEventListener(type, released, true);
    };
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = setTimeout(swap, 200);
      return () => (clearTimeout(timer), stopListening());
    }
    const handle = window.requestIdleCallback(swap, { timeout: 3000 });
    return () => (window.cancelIdleCallback(handle), stopListening());
  }, []);

  const panels: Record<TabValue, ReactNode> = { details: <WatchSpecs watch={watch} />, nft: <NftPreview watch={watch} /> };
  return (
    <div ref={root}>
      {RadixTabs ? (
        <RadixTabs value={value} onChange={setValue} panels={panels} />
      ) : (
        <PlainTabs id={id} value={value} onChange={setValue} panels={panels} />
      )}
    </div>
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
