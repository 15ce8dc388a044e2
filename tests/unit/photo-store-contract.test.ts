import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSupabaseClients } from '@/lib/db/supabase';
import { createLocalPhotoStore } from '@/lib/uploads/local-store';
import type { PhotoFile } from '@/lib/uploads/process';
import type { PhotoStore } from '@/lib/uploads/store';
import { PHOTO_BUCKET, createSupabasePhotoStore } from '@/lib/uploads/supabase-store';
import { createStorageStandIn } from '../support/storage-stand-in';

/**
 * One contract, both photo stores: the folder of the embedded backend, and Supabase Storage, whose
 * API is answered at the network edge by a local stand-in (hosted Supabase cannot be reached from
 * the test machines).
 */

const folders: string[] = [];
afterAll(() => folders.forEach((folder) => fs.rmSync(folder, { recursive: true, force: true })));

const keys = { anon: 'anon-test-key', serviceRole: 'service-role-test-key' };
const SUPABASE_URL = 'http://supabase.stand-in.test';

const standInClients = (standIn: ReturnType<typeof createStorageStandIn>) =>
  createSupabaseClients({ url: SUPABASE_URL, anonKey: keys.anon, serviceRoleKey: keys.serviceRole }, standIn.fetch);

type Target = { name: string; open: () => { store: PhotoStore; fetchPublic: (url: string) => Promise<Buffer | null> } };

const targets: Target[] = [
  {
    name: 'local folder (embedded backend)',
    open: () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orx-photos-'));
      folders.push(dataDir);
      const store = createLocalPhotoStore(dataDir);
      // What app/uploads/[name]/route.ts serves: the file of the URL's last segment.
      const fetchPublic = (url: string) => store.read(url.slice(url.lastIndexOf('/') + 1));
      return { store, fetchPublic };
    },
  },
  {
    name: 'Supabase Storage (answered by a local stand-in)',
    open: () => {
      const standIn = createStorageStandIn(keys, [PHOTO_BUCKET]);
      const clients = standInClients(standIn);
      const fetchPublic = async (url: string) => {
        const response = await standIn.fetch(url);
        return response.ok ? Buffer.from(await response.arrayBuffer()) : null;
      };
      return { store: createSupabasePhotoStore(clients.writer), fetchPublic };
    },
  },
];

/** A stand-in sha256: one hex digit, 64 times. */
const hash = (digit: string) => digit.repeat(64);
const photoFiles = (letter: string): PhotoFile[] => [
  { name: `${hash(letter)}-192.webp`, bytes: Buffer.from(`small ${letter}`) },
  { name: `${hash(letter)}.webp`, bytes: Buffer.from(`main ${letter}`) },
];

describe.each(targets)('photo store: $name', ({ open }) => {
  it('stores every file of a photo and serves each at its public URL', async () => {
    const { store, fetchPublic } = open();
    const files = photoFiles('a');
    await store.save(files);
    for (const file of files) {
      expect(await store.read(file.name)).toEqual(file.bytes);
      expect(store.urlOf(file.name).endsWith(`/${file.name}`)).toBe(true);
      expect(await fetchPublic(store.urlOf(file.name))).toEqual(file.bytes);
    }
  });

  it('saves the same photo twice without complaint (same name, same bytes)', async () => {
    const { store } = open();
    await store.save(photoFiles('b'));
    await store.save(photoFiles('b'));
    expect(await store.read(`${hash('b')}.webp`)).toEqual(Buffer.from('main b'));
  });

  it('finds nothing under an unknown or a crafted name', async () => {
    const { store } = open();
    expect(await store.read(`${hash('c')}.webp`)).toBeNull();
    for (const name of ['../admin-credentials.json', `${hash('c')}.svg`, `..%2f${hash('c')}.webp`, '']) {
      expect(await store.read(name)).toBeNull();
    }
  });

  it('keeps nothing of a photo whose save fails part-way', async () => {
    const { store } = open();
    const files = [...photoFiles('d').slice(0, 1), { name: '../escape.webp', bytes: Buffer.from('x') }];
    await expect(store.save(files)).rejects.toThrow();
    expect(await store.read(`${hash('d')}-192.webp`)).toBeNull();
  });
});

describe('local folder specifics', () => {
  it('leaves no temporary file behind and writes only inside DATA_DIR/uploads', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orx-photos-'));
    folders.push(dataDir);
    const store = createLocalPhotoStore(dataDir);
    await store.save(photoFiles('e'));
    await expect(store.save([{ name: '../escape.webp', bytes: Buffer.from('x') }])).rejects.toThrow();
    expect(fs.readdirSync(path.join(dataDir, 'uploads')).sort()).toEqual([`${hash('e')}-192.webp`, `${hash('e')}.webp`]);
    expect(fs.readdirSync(dataDir)).toEqual(['uploads']);
  });
});

describe('Supabase Storage specifics', () => {
  it('writes with the service key, as WebP cached for a year, to the public bucket', async () => {
    const standIn = createStorageStandIn(keys, [PHOTO_BUCKET]);
    const clients = standInClients(standIn);
    const store = createSupabasePhotoStore(clients.writer);
    await store.save(photoFiles('f'));
    const stored = standIn.objects.get(`${PHOTO_BUCKET}/${hash('f')}.webp`);
    expect(stored?.contentType).toBe('image/webp');
    expect(stored?.cacheControl).toBe('max-age=31536000');
    expect(store.urlOf(`${hash('f')}.webp`)).toBe(`${SUPABASE_URL}/storage/v1/object/public/${PHOTO_BUCKET}/${hash('f')}.webp`);
  });

  it('is refused by the anonymous key (the stand-in enforces what the bucket policy does)', async () => {
    const standIn = createStorageStandIn(keys, [PHOTO_BUCKET]);
    const clients = standInClients(standIn);
    await expect(createSupabasePhotoStore(clients.reader).save(photoFiles('0'))).rejects.toThrow(/refused/);
    expect(standIn.objects.size).toBe(0);
  });
});
