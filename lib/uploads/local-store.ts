import 'server-only';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { PhotoStore } from './store';
import { isPhotoFileName } from './variants';

/** The URL path app/uploads/[name]/route.ts serves the folder's files under. */
export const LOCAL_PHOTO_PATH = '/uploads';

/**
 * Photos as files in DATA_DIR/uploads, for the embedded backend. Each file is written beside its
 * final name and renamed into place, which is atomic on one file system: a reader finds the whole
 * file or none.
 */
export function createLocalPhotoStore(dataDir: string): PhotoStore {
  const folder = path.join(dataDir, 'uploads');
  const pathOf = (name: string) => {
    if (!isPhotoFileName(name)) throw new Error(`Not a photo file name: ${name}`);
    return path.join(folder, name);
  };

  async function writeAtomically(name: string, bytes: Buffer) {
    const temporary = path.join(folder, `.${randomUUID()}.tmp`);
    try {
      await fs.writeFile(temporary, bytes, { flag: 'wx' });
      await fs.rename(temporary, pathOf(name));
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
  }

  return {
    async save(files) {
      await fs.mkdir(folder, { recursive: true });
      const written: string[] = [];
      try {
        for (const file of files) {
          await writeAtomically(file.name, file.bytes);
          written.push(file.name);
        }
      } catch (error) {
        await Promise.all(written.map((name) => fs.rm(pathOf(name), { force: true })));
        throw error;
      }
    },
    async read(name) {
      if (!isPhotoFileName(name)) return null;
      return fs.readFile(pathOf(name)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
    },
    urlOf: (name) => `${LOCAL_PHOTO_PATH}/${name}`,
  };
}
