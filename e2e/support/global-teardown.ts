import fs from 'node:fs';

/** Removes the temporary database folder of this run (the server has stopped by now). */
export default function globalTeardown() {
  const dataDir = process.env.ORX_E2E_DATA_DIR;
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
