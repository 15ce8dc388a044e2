import { detailEntries, type DetailedWatch } from '@/lib/catalog/specs';

/** The 'Watch Details' list: the collector's data and every saved specification but nft_image (SPEC §2, issue 50). */
export function WatchSpecs({ watch }: { watch: DetailedWatch }) {
  const entries = detailEntries(watch);
  if (entries.length === 0) return <p className="text-muted">No specifications listed.</p>;
  return (
    <dl className="divide-y divide-line">
      {entries.map(({ key, label, value, note }) => (
        <div key={key} className="grid grid-cols-[9rem_1fr] gap-3 py-2.5 text-sm">
          <dt className="text-muted">{label}</dt>
          <dd>
            {value}
            {note && <span className="mt-0.5 block text-xs text-muted">{note}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
