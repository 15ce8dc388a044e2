/**
 * Makes a shop's data folder as a shop's server makes it on first start (initdb, every migration,
 * the seed), then closes it: `tsx --conditions=react-server e2e/support/make-data-folder.ts <folder>`.
 * The run's image of a data folder is made this way (e2e/support/run-image.ts).
 */
import { closeEmbeddedDatabase, openEmbeddedDatabase } from '../../lib/db/embedded';
import { markImageMade } from './run-image';

async function main(folder: string | undefined) {
  if (!folder) throw new Error('usage: make-data-folder.ts <folder>');
  await openEmbeddedDatabase(folder);
  await closeEmbeddedDatabase(folder);
  markImageMade(folder);
}

main(process.argv[2]).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
