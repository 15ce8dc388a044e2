/**
 * Makes the run's image of a shop's data folder (e2e/support/run-image.ts) as a shop's server makes
 * its folder on first start (initdb, every migration, the seed), then closes it:
 * `tsx --conditions=react-server e2e/support/make-run-image.ts`, with ORX_E2E_RUN_DIR set.
 */
import { closeEmbeddedDatabase, openEmbeddedDatabase } from '../../lib/db/embedded';
import { markRunImageMade, runImageFolder } from './run-image';

async function main() {
  const folder = runImageFolder();
  await openEmbeddedDatabase(folder);
  await closeEmbeddedDatabase(folder);
  markRunImageMade();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
