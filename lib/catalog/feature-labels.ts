/**
 * Feature values that are data tokens rather than words: SPEC's listings select on them (the
 * special editions contain 'nft_certified'), so the stored value stays; shoppers read the label.
 */
const FEATURE_LABELS: ReadonlyMap<string, string> = new Map([['nft_certified', 'NFT certified']]);

export function featureLabel(feature: string): string {
  return FEATURE_LABELS.get(feature) ?? feature;
}
