import { describe, expect, it } from 'vitest';
import type { CatalogStore } from '@/lib/catalog/store';
import { merchantFeed, merchantItem, xmlText } from '@/lib/seo/merchant-feed';
import { catalogWatch } from '../support/catalog-watch';

/** Issue 50 (4): the product feed for shopping results says the reference and the condition. */

const site = new URL('https://orx.example/');
const tag = (xml: string, name: string) => [...xml.matchAll(new RegExp(`<g:${name}>([^<]*)</g:${name}>`, 'g'))].map((match) => match[1]);

describe('a watch in the merchant feed', () => {
  it('names its reference as the MPN, its grade as new or used, its EUR price and its raster pictures', () => {
    const unworn = merchantItem(catalogWatch({ reference: '126610LN', condition: 'unworn', price_eur: 13450 }), site);
    expect(tag(unworn, 'mpn')).toEqual(['126610LN']);
    expect(tag(unworn, 'condition')).toEqual(['new']);
    expect(tag(unworn, 'price')).toEqual(['13450.00 EUR']);
    expect(tag(unworn, 'availability')).toEqual(['in_stock']);
    expect(tag(unworn, 'identifier_exists')).toEqual(['yes']);
    expect(tag(unworn, 'image_link')).toEqual(['https://orx.example/images/watches/omega-speedmaster-1.webp']);
    expect(tag(unworn, 'additional_image_link')).toEqual(['https://orx.example/images/watches/omega-speedmaster-2.webp']);
    const worn = merchantItem(catalogWatch({ condition: 'good', available: false }), site);
    expect(tag(worn, 'condition')).toEqual(['used']);
    expect(tag(worn, 'availability')).toEqual(['out_of_stock']);
  });

  it('says nothing nobody said: no grade, no reference', () => {
    const plain = merchantItem(catalogWatch({ reference: null, condition: null }), site);
    expect(tag(plain, 'condition')).toEqual([]);
    expect(tag(plain, 'mpn')).toEqual([]);
    expect(tag(plain, 'identifier_exists')).toEqual(['no']);
  });

  it('cannot be broken out of by the catalogue’s text', () => {
    const hostile = merchantItem(catalogWatch({ model: '</g:title><g:price>1 EUR</g:price>', description: 'A & B \u0001 "quoted"' }), site);
    expect(tag(hostile, 'price')).toEqual(['7100.00 EUR']);
    expect(tag(hostile, 'description')).toEqual(['A &amp; B  &quot;quoted&quot;']);
    expect(xmlText("<&>'\"")).toBe('&lt;&amp;&gt;&apos;&quot;');
  });
});

describe('the feed', () => {
  it('streams every watch once, a batch at a time after the last id, inside one channel', async () => {
    const watches = Array.from({ length: 11 }, () => catalogWatch());
    const asked: (string | null)[] = [];
    const store: Pick<CatalogStore, 'exportBatch'> = {
      exportBatch: async (after, limit) => {
        asked.push(after);
        const from = after === null ? 0 : watches.findIndex((watch) => watch.id === after) + 1;
        return watches.slice(from, from + limit);
      },
    };
    const response = await merchantFeed(store, site, 4);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await response.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel>')).toBe(true);
    expect(xml.trimEnd().endsWith('</channel></rss>')).toBe(true);
    expect(tag(xml, 'id')).toEqual(watches.map((watch) => watch.id));
    expect(asked).toEqual([null, watches[3]!.id, watches[7]!.id]);
  });

  it('answers nothing half-written when the catalogue cannot be read', async () => {
    const store: Pick<CatalogStore, 'exportBatch'> = { exportBatch: () => Promise.reject(new Error('database down')) };
    await expect(merchantFeed(store, site)).rejects.toThrow('database down');
  });
});
