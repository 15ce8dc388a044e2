import { featureLabel } from '@/lib/catalog/feature-labels';
import { featureChips } from '@/lib/catalog/card-display';

/** Up to two features as chips, then '+N more' for the rest (SPEC §2). */
export function FeatureChips({ features }: { features: readonly string[] }) {
  const { chips, more } = featureChips(features);
  if (chips.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Features">
      {chips.map((feature) => (
        <li key={feature} className="rounded-full border border-line px-2.5 py-1 text-xs text-muted">
          {featureLabel(feature)}
        </li>
      ))}
      {more > 0 && <li className="px-1 py-1 text-xs text-muted">+{more} more</li>}
    </ul>
  );
}
