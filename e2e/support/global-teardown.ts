import fs from 'node:fs';

/** Removes the temporary database folders of this run (the servers have stopped by now), and what the workers shared. */
export default function globalTeardown() {
  for (const dataDir of [process.env.ORX_E2E_DATA_DIR, process.env.ORX_E2E_ADMIN_DATA_DIR, process.env.ORX_E2E_CHECKOUT_DATA_DIR, process.env.ORX_E2E_CATALOGUE_DATA_DIR, process.env.ORX_E2E_RUN_DIR]) {
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
