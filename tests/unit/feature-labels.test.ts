import { describe, expect, it } from 'vitest';
import { featureLabel } from '@/lib/catalog/feature-labels';

describe('featureLabel', () => {
  it('shows the data token the special editions are selected by as words', () => {
    expect(featureLabel('nft_certified')).toBe('NFT certified');
  });

  it('leaves every other feature as the catalogue wrote it', () => {
    for (const feature of ['Chronograph', 'Special Edition', 'nft_certified edition', 'NFT certified', '', 'constructor', '__proto__']) {
      expect(featureLabel(feature)).toBe(feature);
    }
  });
});
