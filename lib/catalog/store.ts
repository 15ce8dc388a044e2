import type { Watch, WatchInput } from './types';

/**
 * The catalogue, whatever holds it (embedded PGlite or Supabase). Reads follow SPEC §7; the
 * queries themselves are SQL functions in supabase/migrations, shared by both implementations.
 * Writes validate their input first (parseWatchInput) and throw WatchValidationError on bad input,
 * writing nothing.
 */
export interface CatalogStore {
  /** Available watches, newest first. */
  listAvailable(): Promise<Watch[]>;
  /** Available and featured, the newest per brand, newest first. */
  listFeatured(): Promise<Watch[]>;
  /** Available watches of one brand, newest first. */
  listByBrand(brand: string): Promise<Watch[]>;
  /** Every watch, sold out too, by brand then newest first (the admin list). */
  listAll(): Promise<Watch[]>;
  get(id: string): Promise<Watch | null>;
  create(input: WatchInput): Promise<Watch>;
  /** Null when no watch has that id. */
  update(id: string, input: WatchInput): Promise<Watch | null>;
  toggleFeatured(id: string): Promise<Watch | null>;
  setAvailable(id: string, available: boolean): Promise<Watch | null>;
  /** False when no watch had that id. */
  remove(id: string): Promise<boolean>;
}
