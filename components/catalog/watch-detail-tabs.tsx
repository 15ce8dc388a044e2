'use client';

import * as Tabs from '@radix-ui/react-tabs';
import type { Watch } from '@/lib/catalog/types';
import { WatchImage } from './watch-image';
import { WatchSpecs } from './watch-specs';

const tab =
  'flex-1 border-b-2 border-transparent px-3 py-2.5 text-sm text-muted transition hover:text-ivory data-[state=active]:border-gold data-[state=active]:text-gold-bright';

/** SPEC §2: 'Watch Details' (the specifications) and 'NFT Preview' (the certificate picture). */
export function WatchDetailTabs({ watch }: { watch: Pick<Watch, 'brand' | 'model' | 'specs'> }) {
  const nftImage = watch.specs.nft_image;
  return (
    <Tabs.Root defaultValue="details">
      <Tabs.List className="flex border-b border-line" aria-label="About this watch">
        <Tabs.Trigger value="details" className={tab}>
          Watch Details
        </Tabs.Trigger>
        <Tabs.Trigger value="nft" className={tab}>
          NFT Preview
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="details" className="pt-3">
        <WatchSpecs specs={watch.specs} />
      </Tabs.Content>
      <Tabs.Content value="nft" className="pt-3">
        {nftImage ? (
          <div className="relative mx-auto aspect-square w-full max-w-72 overflow-hidden rounded-lg border border-line bg-surface">
            <WatchImage src={nftImage} alt={`NFT certificate of the ${watch.brand} ${watch.model}`} sizes="288px" />
          </div>
        ) : (
          <p className="text-muted">The NFT certificate is minted at purchase.</p>
        )}
      </Tabs.Content>
    </Tabs.Root>
  );
}
