import vm from 'node:vm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scriptsAfterPaint, sourcesAddedAfterPaint } from '@/lib/document-cache/scripts-after-paint';

const NONCE = 'placeholder-nonce';

/** The shape Next.js renders: chunks in <head>, one more at the end of the shell, both attribute orders. */
const page = [
  '<!DOCTYPE html><html><head>',
  `<link rel="preload" as="script" fetchPriority="low" nonce="${NONCE}" href="/_next/static/chunks/runtime.js"/>`,
  `<script src="/_next/static/chunks/react-dom.js" async="" nonce="${NONCE}"></script>`,
  `<script src="/_next/static/chunks/turbopack-app.js" async="" nonce="${NONCE}"></script>`,
  `<script src="/_next/static/chunks/polyfills.js" noModule="" nonce="${NONCE}"></script>`,
  '</head><body><main><img src="/a.svg" alt=""/></main>',
  `<script nonce="${NONCE}">self.__next_f.push([1,"\\u003c/body\\u003e"])</script>`,
  `<script src="/_next/static/chunks/runtime.js" nonce="${NONCE}" async=""></script>`,
  '</body></html>',
].join('');

const scriptsOf = (html: string) => [...html.matchAll(/<script[^>]*>/g)].map(([tag]) => tag);

describe("a kept page's scripts after its largest paint", () => {
  it("takes every chunk tag out, in both of Next's attribute orders, and adds them back from a loader at the end of the body", () => {
    const html = scriptsAfterPaint(page, NONCE);
    expect(scriptsOf(html).filter((tag) => tag.includes(' src='))).toEqual([
      `<script src="/_next/static/chunks/polyfills.js" noModule="" nonce="${NONCE}">`,
    ]);
    const loader = html.match(/<script nonce="placeholder-nonce">(\(function\(urls\)[\s\S]*?)<\/script><\/body><\/html>$/);
    expect(loader).not.toBeNull();
    expect(sourcesAddedAfterPaint(html)).toEqual([
      '/_next/static/chunks/react-dom.js',
      '/_next/static/chunks/turbopack-app.js',
      '/_next/static/chunks/runtime.js',
    ]);
    // The rest of the page is as rendered: the preload, the picture, the payload.
    const chunkTag = /<script src="\/_next\/static\/chunks\/(?:react-dom|turbopack-app|runtime)\.js"[^>]*><\/script>/g;
    expect(html.replace(loader![0].replace('</body></html>', ''), '')).toBe(page.replace(chunkTag, ''));
  });

  it('loads the chunks in the order the page listed them, once, when the browser cannot report the largest paint', () => {
    const added: string[] = [];
    const element = { src: '', async: false };
    const context = {
      window: {},
      document: {
        visibilityState: 'visible',
        createElement: () => ({ ...element }),
        head: { appendChild: (script: { src: string; async: boolean }) => added.push(`${script.src} async=${script.async}`) },
        querySelector: () => null,
      },
    };
    const loader = scriptsAfterPaint(page, NONCE).match(/<script nonce="placeholder-nonce">(\(function\(urls\)[\s\S]*?)<\/script>/)![1]!;
    vm.runInNewContext(loader, context);
    expect(added).toEqual([
      '/_next/static/chunks/react-dom.js async=true',
      '/_next/static/chunks/turbopack-app.js async=true',
      '/_next/static/chunks/runtime.js async=true',
    ]);
  });

  it('leaves a page without chunk scripts, or without a body end, exactly as it was', () => {
    const withoutChunks = '<html><head><script src="/other.js" async=""></script></head><body><p>Cards</p></body></html>';
    expect(scriptsAfterPaint(withoutChunks, NONCE)).toBe(withoutChunks);
    expect(sourcesAddedAfterPaint(withoutChunks)).toEqual([]);
    const cutShort = `<html><head><script src="/_next/static/chunks/a.js" async="" nonce="${NONCE}"></script></head><body>`;
    expect(scriptsAfterPaint(cutShort, NONCE)).toBe(cutShort);
    fc.assert(
      fc.property(fc.string(), (text) => {
        const html = `<html><body>${text.replaceAll('<script', '')}</body></html>`;
        expect(scriptsAfterPaint(html, NONCE)).toBe(html);
      }),
    );
  });

  it('cannot be made to close its own script element by a chunk name', () => {
    const html = scriptsAfterPaint(`<html><head><script src="/_next/static/chunks/</script>x.js" async="" nonce="${NONCE}"></script></head><body></body></html>`, NONCE);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).toContain('"/_next/static/chunks/\\u003c/script>x.js"');
    expect(sourcesAddedAfterPaint(html)).toEqual(['/_next/static/chunks/</script>x.js']);
  });
});
