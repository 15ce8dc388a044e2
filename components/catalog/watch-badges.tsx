import type { Watch } from '@/lib/catalog/types';

const badge = 'rounded-full px-2.5 py-1 text-[0.65rem] font-semibold tracking-widest uppercase';

/** SPEC §2: 'FEATURED' (featured listings only), 'NFT', and 'Available' or 'Sold Out'. */
export function WatchBadges({ watch, featured }: { watch: Pick<Watch, 'available'>; featured: boolean }) {
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Badges">
      {featured && <li className={`${badge} bg-gold text-ink`}>FEATURED</li>}
      <li className={`${badge} border border-gold/70 bg-ink/80 text-gold-bright`}>NFT</li>
      <li className={`${badge} bg-ink/80 ${watch.available ? 'text-ok' : 'text-sold'}`}>
        {watch.available ? 'Available' : 'Sold Out'}
      </li>
    </ul>
  );
}
