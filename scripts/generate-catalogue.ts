/**
 * `npm run catalogue:generate -- 10000`: adds that many generated watches (made from the demo's,
 * lib/catalog/generated-catalogue.ts) to the configured database: the embedded one in DATA_DIR,
 * or Supabase when its settings are given (lib/config.ts). For measuring a large catalogue
 * (README: measuring); the same size always gives the same watches. Stop the shop first when it
 * uses the embedded database: the folder is open by one process at a time.
 * The lib modules are server-only, so this runs under the react-server condition (see package.json).
 */
import { demoTemplates, embeddedTarget, fillCatalogue, supabaseTarget, type CatalogueTarget } from '../lib/catalog/catalogue-fill';
import { parseDatabaseConfig } from '../lib/config';
import { closeEmbeddedDatabase, openEmbeddedDatabase } from '../lib/db/embedded';
import { createSupabaseClients } from '../lib/db/supabase';

const MAX_SIZE = 1_000_000;

async function main() {
  const size = Number(process.argv[2]);
  if (!Number.isInteger(size) || size < 1 || size > MAX_SIZE) {
    console.error(`Usage: npm run catalogue:generate -- <how many watches, 1 to ${MAX_SIZE.toLocaleString('en')}>`);
    process.exit(1);
  }
  const config = parseDatabaseConfig(process.env);
  const templates = await demoTemplates();
  const started = performance.now();
  let target: CatalogueTarget;
  let where: string;
  if (config.kind === 'supabase') {
    target = supabaseTarget(createSupabaseClients(config));
    where = config.url;
  } else {
    target = embeddedTarget(await openEmbeddedDatabase(config.dataDir));
    where = config.dataDir;
  }
  try {
    await fillCatalogue(target, templates, size, (written) => process.stdout.write(`\r${written.toLocaleString('en')} / ${size.toLocaleString('en')} watches`));
  } finally {
    if (config.kind === 'embedded') await closeEmbeddedDatabase(config.dataDir);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`\nAdded ${size.toLocaleString('en')} generated watches to ${where} in ${seconds} s.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
