import fs from 'node:fs';
import { serversStoppedReport } from './servers';

/**
 * Removes the temporary database folders of this run, and what the workers shared. A run whose
 * servers stopped while it ran fails here with the launcher's report of why: at the end of the log,
 * after the failures of every test that then found no server.
 */
export default function globalTeardown() {
  const reportFile = serversStoppedReport();
  const report = reportFile && fs.existsSync(reportFile) ? fs.readFileSync(reportFile, 'utf8') : null;
  for (const dataDir of [process.env.ORX_E2E_DATA_DIR, process.env.ORX_E2E_ADMIN_DATA_DIR, process.env.ORX_E2E_CHECKOUT_DATA_DIR, process.env.ORX_E2E_CATALOGUE_DATA_DIR, process.env.ORX_E2E_RUN_DIR]) {
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (report) throw new Error(`The run's servers stopped while it ran.\n${report}`);
}
