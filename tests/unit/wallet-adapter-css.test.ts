import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const packageCss = fs.readFileSync(require.resolve('@solana/wallet-adapter-react-ui/styles.css'), 'utf8');
const shopCss = fs.readFileSync(path.resolve(import.meta.dirname, '../../components/wallet/wallet-adapter.css'), 'utf8');

/** The copy's own leading comment says why it exists; the rules after it must be the package's. */
const withoutLeadingComment = (css: string) => css.replace(/^\/\*[\s\S]*?\*\/\n/, '');

it("the package's styles still begin with the web-font @import the shop leaves out", () => {
  expect(packageCss.split('\n')[0]).toMatch(/^@import url\('https:\/\/fonts\.googleapis\.com\//);
});

it("the shop's copy is the package's styles minus that @import line, nothing else", () => {
  const packageRules = packageCss.split('\n').slice(1).join('\n').trimStart();
  expect(withoutLeadingComment(shopCss)).toBe(packageRules);
  expect(withoutLeadingComment(shopCss)).not.toMatch(/@import|https?:\/\//);
});
