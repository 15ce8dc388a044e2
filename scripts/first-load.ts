/**
 * `npm run first-load`: the first-load JavaScript of each storefront page (as `npm run bench`
 * counts it, gzip KB) on the production build already in .next, without Lighthouse: quick to run
 * before and after a change to see what it adds to a page.
 */
import { firstLoadJavaScript } from './support/first-load';
import { aWatchPage, startProductionServer } from './support/production-server';

async function main() {
  const server = await startProductionServer('first-load');
  try {
    const pages = ['/', '/brands', '/watches', '/featured', '/crypto-editions', await aWatchPage(server.base), '/admin'];
    const rows = [];
    for (const page of pages) {
      const { kb, wallet } = await firstLoadJavaScript(server.base, page);
      rows.push({ page, 'JS KB gz': kb, wallet });
    }
    console.table(rows);
  } finally {
    await server.stop();
  }
}

void main();
