/** The watch detail tabs, shared by their plain and their Radix drawing (watch-detail-tabs.tsx). */

export const TAB_CLASS =
  'flex-1 border-b-2 border-transparent px-3 py-2.5 text-sm text-muted transition hover:text-ivory data-[state=active]:border-gold data-[state=active]:text-gold-bright';

export type TabValue = 'details' | 'nft';

export const TABS: { value: TabValue; label: string }[] = [
  { value: 'details', label: 'Watch Details' },
  { value: 'nft', label: 'NFT Preview' },
];

export const TAB_LIST_LABEL = 'About this watch';
