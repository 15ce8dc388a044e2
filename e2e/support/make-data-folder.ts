/**
 * Makes a shop's data folder as a shop's server makes it on first start (initdb, every migration,
 * the seed), then closes it: `tsx --conditions=react-server e2e/support/make-data-folder.ts <folder>`.
 * The e2e launcher copies it to the run's other shops (e2e/support/start-servers.ts).
 */
import { closeEmbeddedDatabase, openEmbeddedDatabase } from '../../lib/db/embedded';

async function main(folder: string | undefined) {
  if (!folder) throw new Error('usage: make-data-folder.ts <folder>');
  await openEmbeddedDatabase(folder);
  await closeEmbeddedDatabase(folder);
}

main(process.argv[2]).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
