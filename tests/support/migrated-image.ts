import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migratedImage, adoptMigratedImage } from '@/lib/db/embedded';

/**
 * One migrated database for the whole Vitest run. Every test file runs in a process of its own, and
 * each made its own copy of the migrated schema before its first in-memory database (replaying
 * every migration, the largest part of a small file's time). The run's global setup makes it once
 * and leaves it in a file; each file's process starts from that file (`vitest.config.mts`).
 */

const SCHEMA_DIR = path.join(process.cwd(), 'supabase');
const IMAGE_FILE_VAR = 'ORX_TEST_MIGRATED_IMAGE';

/** Vitest's global setup: makes the image, names its file for the processes to come, and removes it after. */
export async function makeRunImage(): Promise<() => void> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'orx-migrated-'));
  const file = path.join(folder, 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await (await migratedImage(SCHEMA_DIR)).arrayBuffer()));
  process.env[IMAGE_FILE_VAR] = file;
  return () => fs.rmSync(folder, { recursive: true, force: true });
}

/**
 * Each test file's setup: its in-memory databases and its new data folders start from the run's
 * image (without one, the process makes its own). A file whose subject is how a shop's server makes
 * its folder (initdb, then every migration and the seed) asks for 'initdb' again.
 */
export function startFromRunImage(newFolders: 'image' | 'initdb' = 'image'): void {
  const file = process.env[IMAGE_FILE_VAR];
  if (file && fs.existsSync(file)) adoptMigratedImage(SCHEMA_DIR, new Blob([fs.readFileSync(file)]), newFolders);
}
