import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * The run's image of a shop's data folder: a folder made as a shop makes it on first start (initdb,
 * every migration, the seed), then closed and never opened again, in the run's folder
 * (ORX_E2E_RUN_DIR). The launcher copies it to each of its shops (e2e/support/start-servers.ts), as
 * a shop finds its folder after a restart. `npm test` makes it beside the build
 * (scripts/support/suite.sh), so that the shops' start does not wait for it; a run started
 * otherwise has the launcher make it.
 */

/** Written once the image is whole: a folder being made is not an image yet. */
const MADE_MARK = 'made';

export const runImageFolder = () => {
  const runDir = process.env.ORX_E2E_RUN_DIR;
  if (!runDir) throw new Error('ORX_E2E_RUN_DIR is not set: run the tests through playwright.config.ts');
  return path.join(runDir, 'image');
};

/** Makes the image with the shop's own code, unless it is made already. */
export async function ensureRunImage(): Promise<void> {
  if (fs.existsSync(path.join(runImageFolder(), MADE_MARK))) return;
  await promisify(execFile)(process.execPath, ['--conditions=react-server', '--import', 'tsx', path.join('e2e', 'support', 'make-run-image.ts')]);
}

/** Called by make-run-image.ts once the folder is closed. */
export function markRunImageMade(): void {
  fs.writeFileSync(path.join(runImageFolder(), MADE_MARK), '');
}

/** A shop's data folder as a copy of the image (ensureRunImage first). */
export function copyRunImage(dataDir: string): void {
  fs.cpSync(path.join(runImageFolder(), 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
}
