import { expect, type APIRequestContext } from '@playwright/test';
import { localPath } from './sharing';

/**
 * The whole sitemap as a crawler reads it: the index at /sitemap_index.xml (where robots.txt points),
 * then each file it names. `files`: each file's XML, in the index's order.
 */
export async function readSitemap(request: APIRequestContext): Promise<{ index: string; files: string[] }> {
  const response = await request.get('/sitemap_index.xml');
  expect(response.ok()).toBe(true);
  expect(response.headers()['content-type']).toContain('xml');
  const index = await response.text();
  const locations = [...index.matchAll(/<sitemap><loc>([^<]+)<\/loc><\/sitemap>/g)].map((match) => match[1] ?? '');
  const files = [];
  for (const location of locations) {
    const file = await request.get(localPath(location));
    expect(file.ok(), location).toBe(true);
    expect(file.headers()['content-type'], location).toContain('xml');
    files.push(await file.text());
  }
  return { index, files };
}
