import { expect, test, type Browser, type Page } from '@playwright/test';
import type { Watch, WatchInput } from '@/lib/catalog/types';
import { signInForApi } from './admin';

/**
 * A watch of the demo catalogue (supabase/seed.sql) that only the calling test buys: a copy of it
 * under the model `${model} ${tag}`, one piece, at the same prices, made by the owner through the
 * admin API on `shop` (the project's shop unless another is named). The demo has one piece of each watch on a shop whose database
 * lives as long as the run, so a test buying the demo watch itself finds it sold, or still held
 * by a wallet that declined to pay, the next time it runs (`--repeat-each`).
 */
export async function pieceOfItsOwn(browser: Browser, model: string, tag: string, shop = projectShop()): Promise<Watch> {
  const owner = await browser.newPage();
  try {
    await signInForApi(owner, `${shop}/admin`);
    const demo = await demoWatch(owner, model, shop);
    const copy: WatchInput = {
      brand: demo.brand,
      model: `${model} ${tag}`,
      description: demo.description,
      image_urls: demo.image_urls,
      price_eur: demo.price_eur,
      price_sol: demo.price_sol,
      specs: demo.specs,
      features: demo.features,
      featured: demo.featured,
      stock: 1,
    };
    const created = await owner.request.post(`${shop}/api/admin/watches`, { data: copy, headers: { origin: shop } });
    expect(created.status(), await created.text()).toBe(201);
    return ((await created.json()) as { watch: Watch }).watch;
  } finally {
    await owner.close();
  }
}

/** The demo watch of `model`, searched page by page: the copies earlier tests made match the search too. */
async function demoWatch(owner: Page, model: string, shop: string): Promise<Watch> {
  for (let page = 1, pageCount = 1; page <= pageCount; page++) {
    const response = await owner.request.get(`${shop}/api/admin/watches?${new URLSearchParams({ q: model, page: String(page) })}`);
    expect(response.status(), await response.text()).toBe(200);
    const found = (await response.json()) as { watches: Watch[]; pageCount: number };
    const demo = found.watches.find((watch) => watch.model === model);
    if (demo) return demo;
    pageCount = found.pageCount;
  }
  throw new Error(`The demo catalogue has no watch ${model}`);
}

const projectShop = () => new URL(test.info().project.use.baseURL ?? '').origin;
