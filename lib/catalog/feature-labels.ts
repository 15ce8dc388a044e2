/**
 * The one feature value that is a data token rather than words: SPEC's listings select on it (the
 * special editions contain 'nft_certified'), so the stored value stays; shoppers read the label.
 */
export function featureLabel(feature: string): string {
  return feature === 'nft_certified' ? 'NFT certified' : feature;
}
