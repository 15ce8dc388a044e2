import type { PhotoFile } from './process';

/**
 * Where uploaded photos live: a Supabase Storage bucket, or a folder of the embedded backend.
 * Both keep the same promises (tests/unit/photo-store-contract.test.ts holds them to it).
 */
export type PhotoStore = {
  /**
   * Stores one photo's files in order, the main one last. All or nothing: a failure removes what
   * was written, and no file is ever seen half-written.
   */
  save(files: PhotoFile[]): Promise<void>;
  /** A stored file's bytes, or null when there is no such file. */
  read(name: string): Promise<Buffer | null>;
  /** The address a browser loads the file from. */
  urlOf(name: string): string;
};

/** Stored names never change content: browsers and CDNs may keep them for a year. */
export const PHOTO_CACHE_SECONDS = 31_536_000;
