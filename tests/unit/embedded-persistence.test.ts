import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEmbeddedCatalogStore } from '@/lib/catalog/embedded-store';
import { closeEmbeddedDatabase, openEmbeddedDatabase } from '@/lib/db/embedded';
import { startFromRunImage } from '../support/migrated-image';

// Its subject is the folder a shop's server makes: initdb, every migration and the seed, as in
// production, not the copy of the run's image other files' folders start from.
startFromRunImage('initdb');

let dataDir: string;
const catalog = () => createEmbeddedCatalogStore(() => openEmbeddedDatabase(dataDir));

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orx-persist-'));
});

afterEach(async () => {
  await closeEmbeddedDatabase(dataDir);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// Each test starts a folder of its own from initdb and every migration (its subject is the first
// start): seconds alone, and over the suite's usual 30 s on cores a whole suite shares. What a
// folder is once made (its lock, one database per folder, its settings) is
// embedded-folder.test.ts, on folders copied from the run's image.
describe('the embedded database on disk', { timeout: 120_000 }, () => {
  it('keeps a write across close and reopen, and seeds only once', async () => {
    const seeded = await catalog().listAll();
    expect(seeded.length).toBeGreaterThan(0);
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
    expect(reopened).toHaveLength(seeded.length + 1);
  });

  it('does not seed again a catalogue the operator emptied', async () => {
    const store = catalog();
    for (const watch of await store.listAll()) await store.remove(watch.id);
    await closeEmbeddedDatabase(dataDir);
    expect(await catalog().listAll()).toEqual([]);
  });
});
