import { describe, expect, it } from 'vitest';
import { llmsTxt } from '@/lib/seo/llms-txt';
import { catalogWatch as watch } from '../support/catalog-watch';

const base = new URL('https://orx.example');

/** The llmstxt.org structure: H1, blockquote, then only H2 sections whose items are Markdown links. */
function structureProblems(text: string): string[] {
  const problems: string[] = [];
  const lines = text.split('\n');
  if (!/^# \S/.test(lines[0] ?? '')) problems.push('the first line is not an H1');
  const firstBody = lines.slice(1).find((line) => line.trim() !== '');
  if (!firstBody?.startsWith('> ')) problems.push('no blockquote summary after the H1');
  for (const line of lines.slice(1).filter((l) => l.startsWith('#'))) {
    if (!/^## \S/.test(line)) problems.push(`a heading other than H2: ${line}`);
  }
  for (const line of lines.filter((l) => l.startsWith('- '))) {
    if (!/^- \[(?:[^\]\\]|\\.)+\]\(https?:\/\/[^\s)]+\)(: .+)?$/.test(line)) problems.push(`not a link item: ${line}`);
  }
  return problems;
}

describe('llms.txt', () => {
  it('follows the llmstxt.org structure', () => {
    const text = llmsTxt([watch({}), watch({ id: '00000000-0000-4000-8000-000000000002', model: 'Moonwatch [Hesalite]' })], base);
    expect(structureProblems(text)).toEqual([]);
    expect(text.split('\n').filter((line) => line.startsWith('## '))).toEqual(['## Pages', '## Newest Watches', '## Optional']);
  });

  it('the checker catches a page that breaks it', () => {
    expect(structureProblems('Shop\n### Watches\n- [a](/relative)')).toEqual([
      'the first line is not an H1',
      'no blockquote summary after the H1',
      'a heading other than H2: ### Watches',
      'not a link item: - [a](/relative)',
    ]);
  });

  it('lists the pages, the listings among them, and each watch given with its page, prices and stock', () => {
    const text = llmsTxt(
      [watch({ id: '00000000-0000-4000-8000-000000000001' }), watch({ id: '00000000-0000-4000-8000-000000000002', brand: 'Rolex', model: 'Submariner', available: false })],
      base,
    );
    expect(text).toContain('- [All Watches](https://orx.example/watches): ');
    expect(text).toContain('- [Special Crypto Editions](https://orx.example/crypto-editions): ');
    expect(text).toContain('- [Omega Speedmaster](https://orx.example/watches/00000000-0000-4000-8000-000000000001): 50.71 SOL (€7,100.00), available');
    expect(text).toContain('- [Rolex Submariner](https://orx.example/watches/00000000-0000-4000-8000-000000000002): ');
    expect(text).toMatch(/Rolex Submariner\]\([^)]+\): [^\n]+, sold out/);
    expect(text).toContain('- [Sitemap](https://orx.example/sitemap_index.xml)');
  });

  it('escapes brackets so a model name cannot end its link early', () => {
    expect(llmsTxt([watch({ model: 'Moonwatch [Hesalite]' })], base)).toContain('[Omega Moonwatch \\[Hesalite\\]](');
  });

  it('still lists the pages without any watch', () => {
    const text = llmsTxt([], base);
    expect(text).not.toContain('## Newest Watches');
    expect(text).toContain('- [Home](https://orx.example/): ');
  });
});
