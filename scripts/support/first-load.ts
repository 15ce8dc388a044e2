/**
 * What `npm run bench` and `npm run first-load` count as a page's first-load JavaScript.
 */
import { gzipSync } from 'node:zlib';

/** Strings that only the Solana wallet adapter and web3.js bundles contain. */
export const WALLET_MARKERS = ['WalletNotReadyError', 'wallet-adapter', 'TransactionInstruction'];

/**
 * The scripts a page's HTML makes a current browser load (script tags and script preloads; not
 * `noModule` polyfills, which only browsers without modules fetch), gzip-compressed.
 */
export async function firstLoadJavaScript(base: string, page: string): Promise<{ kb: number; wallet: boolean }> {
  const html = await (await fetch(base + page)).text();
  const sources = new Set<string>();
  for (const match of html.matchAll(/<script([^>]*)\ssrc="([^"]+)"([^>]*)>/g)) {
    if (!/nomodule/i.test(match[1]! + match[3]!)) sources.add(match[2]!);
  }
  for (const match of html.matchAll(/<link[^>]*rel="(?:preload|modulepreload)"[^>]*as="script"[^>]*href="([^"]+)"/g)) sources.add(match[1]!);
  for (const match of html.matchAll(/<link[^>]*href="([^"]+\.js)"[^>]*rel="(?:preload|modulepreload)"/g)) sources.add(match[1]!);
  let bytes = 0;
  let wallet = false;
  for (const source of sources) {
    const code = Buffer.from(await (await fetch(new URL(source.replaceAll('&amp;', '&'), base))).arrayBuffer());
    bytes += gzipSync(code).length;
    const text = code.toString('utf8');
    wallet ||= WALLET_MARKERS.some((marker) => text.includes(marker));
  }
  return { kb: Math.round((bytes / 1024) * 10) / 10, wallet };
}
