import { expect, type APIRequestContext } from '@playwright/test';
import { DEFAULT_SITE_URL } from '@/lib/default-site-url';

/** The pages name images by SITE_URL (unset in the e2e run, so the default): ask this server for the path. */
export function localPath(absolute: string): string {
  const url = new URL(absolute);
  expect(url.origin).toBe(new URL(DEFAULT_SITE_URL).origin);
  return `${url.pathname}${url.search}`;
}

/** The width and height in a PNG's IHDR chunk, after checking the signature and chunk name. */
export function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** A page's meta tag content, from its server HTML. */
export function metaContent(html: string, key: string): string | undefined {
  const tag = html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`));
  return tag?.[1]?.replace(/&amp;/g, '&');
}

/** Fetches a page's social card and checks it is what link previews show: a 1200×630 PNG. */
export async function fetchCard(request: APIRequestContext, pagePath: string): Promise<Buffer> {
  const html = await (await request.get(pagePath)).text();
  expect(metaContent(html, 'twitter:card'), pagePath).toBe('summary_large_image');
  const image = metaContent(html, 'og:image');
  expect(image, `${pagePath} has an og:image`).toBeDefined();
  expect(metaContent(html, 'twitter:image')).toBe(image);
  const response = await request.get(localPath(image!));
  expect(response.status(), image).toBe(200);
  expect(response.headers()['content-type']).toBe('image/png');
  const bytes = await response.body();
  expect(pngSize(bytes), image).toEqual({ width: 1200, height: 630 });
  return bytes;
}
