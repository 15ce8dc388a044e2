import 'server-only';
import type { SupabaseClient } from '@supabase/supabase-js';
import { PHOTO_CACHE_SECONDS, type PhotoStore } from './store';
import { isPhotoFileName } from './variants';

/** The public bucket supabase/migrations/20261123140000_watch_photos_bucket.sql makes. */
export const PHOTO_BUCKET = 'watch-photos';

/**
 * Photos in Supabase Storage, written with the service-role client (the bucket takes no other
 * writer) and read by anyone from its public URL. Storage writes an object whole or not at all.
 */
export function createSupabasePhotoStore(writer: SupabaseClient): PhotoStore {
  const bucket = () => writer.storage.from(PHOTO_BUCKET);
  return {
    async save(files) {
      const written: string[] = [];
      try {
        for (const file of files) {
          if (!isPhotoFileName(file.name)) throw new Error(`Not a photo file name: ${file.name}`);
          // Same name, same bytes: an upload of a photo already stored simply replaces it.
          const { error } = await bucket().upload(file.name, file.bytes, {
            contentType: 'image/webp',
            cacheControl: String(PHOTO_CACHE_SECONDS),
            upsert: true,
          });
          if (error) throw new Error(`Supabase Storage refused ${file.name}: ${error.message}`);
          written.push(file.name);
        }
      } catch (error) {
        if (written.length > 0) await bucket().remove(written);
        throw error;
      }
    },
    async read(name) {
      if (!isPhotoFileName(name)) return null;
      const { data, error } = await bucket().download(name);
      if (!error) return Buffer.from(await data.arrayBuffer());
      const status = 'status' in error ? Number(error.status) : 0;
      if (status === 400 || status === 404) return null;
      throw new Error(`Supabase Storage could not read ${name}: ${error.message}`);
    },
    urlOf: (name) => bucket().getPublicUrl(name).data.publicUrl,
  };
}
