import { specEntries } from '@/lib/catalog/specs';
import type { Watch } from '@/lib/catalog/types';

/** The 'Watch Details' list: every saved specification but nft_image (SPEC §2). */
export function WatchSpecs({ specs }: { specs: Watch['specs'] }) {
  const entries = specEntries(specs);
  if (entries.length === 0) return <p className="text-muted">No specifications listed.</p>;
  return (
    <dl className="divide-y divide-line">
      {entries.map(({ key, label, value }) => (
        <div key={key} className="grid grid-cols-[9rem_1fr] gap-3 py-2.5 text-sm">
          <dt className="text-muted">{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
