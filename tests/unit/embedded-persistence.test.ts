import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEmbeddedCatalogStore } from '@/lib/catalog/embedded-store';
import type { Watch } from '@/lib/catalog/types';
import { closeEmbeddedDatabase, openEmbeddedDatabase } from '@/lib/db/embedded';
import { startFromRunImage } from '../support/migrated-image';

// Its subject is the folder a shop's server makes: initdb, every migration and the seed, as in
// production, not the copy of the run's image other files' folders start from.
startFromRunImage('initdb');

let firstStartDir: string;
let seededAtFirstStart: Watch[];
let dataDir: string;
const catalogIn = (folder: string) => createEmbeddedCatalogStore(() => openEmbeddedDatabase(folder));
const catalog = () => catalogIn(dataDir);

// The first start (initdb, every migration and the seed) is made once, here; each test goes on from
// a copy of the folder it left, closed, as a shop's server finds its folder when it starts again.
// What a folder is once made (its lock, one database per folder, its settings) is
// embedded-folder.test.ts, on folders copied from the run's image.
beforeAll(async () => {
  firstStartDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orx-first-start-'));
  seededAtFirstStart = await catalogIn(firstStartDir).listAll();
  await closeEmbeddedDatabase(firstStartDir);
}, 120_000);

afterAll(() => fs.rmSync(firstStartDir, { recursive: true, force: true }));

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orx-persist-'));
  fs.cpSync(firstStartDir, dataDir, { recursive: true });
});

afterEach(async () => {
  await closeEmbeddedDatabase(dataDir);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the embedded database on disk', { timeout: 120_000 }, () => {
  it('keeps a write across close and reopen, and seeds only once', async () => {
    expect(seededAtFirstStart.length).toBeGreaterThan(0);
    expect(await catalog().listAll()).toEqual(seededAtFirstStart);
    const created = await catalog().create({
      brand: 'Persisted',
      model: 'Survivor',
      description: 'Written before the database was closed.',
      image_urls: ['/images/watch-placeholder.svg'],
      price_eur: 1,
      price_sol: 1,
      specs: {},
      features: [],
      featured: false,
      stock: 1,
    });

    await closeEmbeddedDatabase(dataDir);
    expect(await catalog().get(created.id)).toEqual(created);
    await closeEmbeddedDatabase(dataDir);

    const reopened = await catalog().listAll();
    expect(reopened).toHaveLength(seededAtFirstStart.length + 1);
  });

  it('does not seed again a catalogue the operator emptied', async () => {
    const store = catalog();
    for (const watch of await store.listAll()) await store.remove(watch.id);
    await closeEmbeddedDatabase(dataDir);
    expect(await catalog().listAll()).toEqual([]);
  });
});
