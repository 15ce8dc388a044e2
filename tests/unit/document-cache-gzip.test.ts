import { gunzipSync, gzipSync, createGunzip } from 'node:zlib';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, gzipParts, gzipWithNonce } from '@/lib/document-cache/gzip-document';
import { createNonce } from '@/lib/http/security-headers';

/** A document as the cache keeps it: text cut wherever the placeholder nonce stood. */
const documentParts = fc
  .array(fc.string({ unit: 'binary', maxLength: 400 }), {
    minLength: 1,
    maxLength: 12,
  })
  .map((texts) => texts.map((part) => Buffer.from(part)));
/** Real nonces, and any other bytes up to a few hundred, the empty one included. */
const nonces = fc.oneof(
  fc.constant(null).map(() => Buffer.from(createNonce())),
  fc.uint8Array({ maxLength: 300 }).map((array) => Buffer.from(array)),
);

describe('a gzip body assembled from parts compressed once', () => {
  it('decompresses, with zlib in one go (which checks its CRC-32 and length) and streamed in small chunks, to the parts with the nonce between them', async () => {
    await fc.assert(
      fc.asyncProperty(documentParts, nonces, async (parts, nonce) => {
        const expected = Buffer.concat(parts.flatMap((part, index) => (index > 0 ? [nonce, part] : [part])));
        const body = gzipWithNonce(gzipParts(parts, nonce.length), nonce);
        expect(gunzipSync(body).equals(expected)).toBe(true);
        const chunks = Array.from({ length: Math.ceil(body.length / 7) }, (_, index) => body.subarray(index * 7, index * 7 + 7));
        const streamed = await text(Readable.from(chunks).pipe(createGunzip()));
        expect(Buffer.from(streamed, 'utf8').equals(Buffer.from(expected.toString('utf8'), 'utf8'))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('decompresses as a browser does, through the web DecompressionStream', async () => {
    const parts = ['<html><script nonce="', '">self.__next_f.push([1,"é ✓"])</script><p>', '</p></html>'].map((part) => Buffer.from(part));
    const nonce = createNonce();
    const body = gzipWithNonce(gzipParts(parts, nonce.length), Buffer.from(nonce));
    const decoded = await new Response(new Blob([body]).stream().pipeThrough(new DecompressionStream('gzip'))).text();
    expect(decoded).toBe(parts.map(String).join(nonce));
  });

  it('gives every response of one kept listing its own nonce', () => {
    const card = (index: number) => `<article class="card"><h2>Watch ${index}</h2><p>${'Automatic, 41 mm, steel. '.repeat(8)}</p></article>`;
    const html = `<html><script nonce="P">a</script>${Array.from({ length: 40 }, (_, index) => card(index)).join('')}<script nonce="P">b</script></html>`;
    const parts = html.split('P').map((part) => Buffer.from(part));
    const kept = gzipParts(parts, 24);
    const [first, second] = [createNonce(), createNonce()];
    const [a, b] = [gzipWithNonce(kept, Buffer.from(first)), gzipWithNonce(kept, Buffer.from(second))];
    expect(gunzipSync(a).toString()).toBe(html.split('P').join(first));
    expect(gunzipSync(b).toString()).toBe(html.split('P').join(second));
    // Each part refers back to the ones before it, as one stream would: about as small as that.
    expect(a.length).toBeLessThan(gzipSync(html.split('P').join(first)).length + 2 * (5 + 24) + 20);
  });

  it('never lets a part refer into a nonce, even when the part repeats what stood there', () => {
    // The second part repeats the text around the first nonce: a reference back into it must not
    // copy the placeholder's bytes where the response's nonce now stands.
    const placeholder = 'PLACEHOLDERPLACEHOLDER==';
    const around = `<script nonce="${placeholder}">x</script>`.repeat(20);
    const parts = around.split(placeholder).map((part) => Buffer.from(part));
    const nonce = createNonce();
    expect(gunzipSync(gzipWithNonce(gzipParts(parts, 24), Buffer.from(nonce))).toString()).toBe(around.split(placeholder).join(nonce));
  });

  it('compresses each part on its own when the parts hold every byte value, for a nonce of any length', () => {
    const every = Buffer.from(Array.from({ length: 256 }, (_, value) => value));
    const kept = gzipParts([every, every], 24);
    expect(kept.nonceLength).toBeNull();
    expect(gunzipSync(gzipWithNonce(kept, Buffer.from('n'))).equals(Buffer.concat([every, Buffer.from('n'), every]))).toBe(true);
  });

  it('refuses a nonce it cannot join rather than write a broken body: too long, or of another length than it referred across', () => {
    expect(() => gzipWithNonce(gzipParts([Buffer.from('a'), Buffer.from('b')], 70_000), Buffer.alloc(70_000))).toThrow(RangeError);
    expect(() => gzipWithNonce(gzipParts([Buffer.from('a'), Buffer.from('b')], 24), Buffer.from(createNonce().slice(1)))).toThrow(RangeError);
  });
});

describe('which requests get gzip', () => {
  it('reads Accept-Encoding as browsers and clients send it', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('gzip')).toBe(true);
    expect(acceptsGzip('GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('x-gzip')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip(null)).toBe(false);
    expect(acceptsGzip('')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('deflate, br')).toBe(false);
    expect(acceptsGzip('gzip;q=0, *')).toBe(false);
    expect(acceptsGzip('gzip; q=0.000')).toBe(false);
    expect(acceptsGzip('*;q=0')).toBe(false);
    expect(acceptsGzip('gzip;q=nonsense')).toBe(false);
  });

  it('never throws, whatever the header holds', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (header) => {
        expect(typeof acceptsGzip(header)).toBe('boolean');
      }),
    );
  });
});
