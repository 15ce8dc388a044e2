import 'server-only';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { releaseDataDirLock, takeDataDirLock } from './data-dir-lock';

/**
 * The embedded database: real Postgres (PGlite) persisted in a folder, with the same migrations
 * and seed that Supabase runs. Opened lazily, once per folder per server process.
 */

/** In memory only: a fresh database for each open, used by tests. */
export const IN_MEMORY = 'memory://';

/**
 * Each schema folder's migrated and seeded cluster, made once per process: a fresh in-memory
 * database is a copy of it. Replaying every migration costs several times as much as loading the
 * copy, and the processes that open many (each test suite, a database per test) paid it each time.
 */
const migratedImages = new Map<string, Promise<Blob>>();

/**
 * The images another process made and handed over (`adoptMigratedImage`): a new folder starts from
 * one instead of running initdb and every migration. Only a process that was handed one does so; a
 * shop's server makes its folder the ordinary way.
 */
const imagesForNewFolders = new Map<string, Blob>();

type Registry = Map<string, Promise<PGlite>>;

// On globalThis, not in a module variable: Next's dev server evaluates modules more than once, and
// each copy would open the folder again.
const registryHolder = globalThis as typeof globalThis & { __orxEmbeddedDatabases?: Registry };
const registry: Registry = (registryHolder.__orxEmbeddedDatabases ??= new Map());

/**
 * Postgres's shared buffer cache. PGlite starts with Postgres's 128 MB, which the server then
 * holds in resident memory; the shop's whole database (a catalogue of tens of watches, its orders)
 * is a few megabytes, and the pages read it through cached queries anyway. 16 MB keeps far less
 * resident memory for the same answers (the figure: docs/performance.md).
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/** The extensions the migrations create, as Supabase has them: the catalogue's search uses them. */
export const EXTENSIONS = { pg_trgm, unaccent };

export type OpenOptions = {
  /** The folder holding bootstrap/, migrations/ and seed.sql; the repository's supabase/ by default. */
  schemaDir?: string;
};

export function openEmbeddedDatabase(dataDir: string, options: OpenOptions = {}): Promise<PGlite> {
  if (dataDir === IN_MEMORY) return createDatabase(dataDir, options);
  const existing = registry.get(dataDir);
  if (existing) return existing;
  const opening = createDatabase(dataDir, options).catch((error: unknown) => {
    registry.delete(dataDir);
    throw error;
  });
  registry.set(dataDir, opening);
  return opening;
}

export async function closeEmbeddedDatabase(dataDir: string): Promise<void> {
  const opening = registry.get(dataDir);
  registry.delete(dataDir);
  if (!opening) return;
  const db = await opening.catch(() => null);
  await db?.close();
  releaseDataDirLock(dataDir);
}

/** Closes every folder's database this process opened, as the end of the process would. */
export async function closeEveryEmbeddedDatabase(): Promise<void> {
  await Promise.all([...registry.keys()].map(closeEmbeddedDatabase));
}

async function createDatabase(dataDir: string, options: OpenOptions): Promise<PGlite> {
  const schemaDir = options.schemaDir ?? path.join(process.cwd(), 'supabase');
  if (dataDir === IN_MEMORY) return PGlite.create({ loadDataDir: await migratedImage(schemaDir), startParams: START_PARAMS, extensions: EXTENSIONS });
  fs.mkdirSync(dataDir, { recursive: true });
  takeDataDirLock(dataDir);
  let db: PGlite;
  try {
    const folder = path.join(dataDir, 'pglite');
    // A new folder starts from a handed-over image, or gets its cluster made; an existing one is opened as it is.
    const isNew = !fs.existsSync(path.join(folder, 'PG_VERSION'));
    const image = isNew ? imagesForNewFolders.get(schemaDir) : undefined;
    if (isNew && !image) await createClusterApart(folder);
    db = await PGlite.create(folder, { loadDataDir: image, startParams: START_PARAMS, extensions: EXTENSIONS });
  } catch (error) {
    releaseDataDirLock(dataDir);
    throw error;
  }
  try {
    await prepare(db, schemaDir);
    return db;
  } catch (error) {
    await db.close();
    releaseDataDirLock(dataDir);
    throw error;
  }
}

/**
 * The migrated and seeded cluster of a schema folder, as `dumpDataDir` writes it: made here once,
 * or handed over by `adoptMigratedImage`.
 */
export function migratedImage(schemaDir: string): Promise<Blob> {
  const known = migratedImages.get(schemaDir);
  if (known) return known;
  const making = (async () => {
    const db = await PGlite.create({ startParams: START_PARAMS, extensions: EXTENSIONS });
    try {
      await prepare(db, schemaDir);
      return await db.dumpDataDir('none');
    } finally {
      await db.close();
    }
  })();
  migratedImages.set(schemaDir, making);
  making.catch(() => migratedImages.delete(schemaDir));
  return making;
}

/**
 * Gives this process a migrated image made by another: the test run makes one before its
 * processes start (tests/support/migrated-image.ts), instead of each making its own. In-memory
 * databases are copies of it; so are new folders unless `newFolders` is 'initdb', for a test whose
 * subject is the way a shop's server makes its folder.
 */
export function adoptMigratedImage(schemaDir: string, image: Blob, newFolders: 'image' | 'initdb' = 'image'): void {
  migratedImages.set(schemaDir, Promise.resolve(image));
  if (newFolders === 'image') imagesForNewFolders.set(schemaDir, image);
  else imagesForNewFolders.delete(schemaDir);
}

async function prepare(db: PGlite, schemaDir: string): Promise<void> {
  await migrate(db, schemaDir);
  // The planner's statistics, which no autovacuum keeps here as it does on Supabase: without
  // them a brand's kept page is read through the brand, every watch of it, rather than from its
  // order's index (20261126001100_listing_pages_at_any_size.sql).
  await db.exec('analyze public.watches');
}

/** Makes a new folder's cluster in a child process (lib/db/create-cluster.mjs says why). */
async function createClusterApart(folder: string): Promise<void> {
  await promisify(execFile)(process.execPath, [path.join(process.cwd(), 'lib', 'db', 'create-cluster.mjs'), folder]);
}

/**
 * What applying the migrations asks of a database: PGlite here, and in the tests a connection to a
 * PostgreSQL server, which has to get its schema exactly as the shop's own database does.
 */
export type MigrationTarget = {
  exec(sql: string): Promise<unknown>;
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  transaction<T>(work: (tx: Omit<MigrationTarget, 'transaction'>) => Promise<T>): Promise<T>;
};

/** Applies the Supabase role bootstrap, each migration not yet applied, and the seed once. */
export async function migrate(db: MigrationTarget, schemaDir = path.join(process.cwd(), 'supabase')): Promise<void> {
  await db.exec(fs.readFileSync(path.join(schemaDir, 'bootstrap', 'roles.sql'), 'utf8'));
  await db.exec(`
    create schema if not exists orx;
    create table if not exists orx.schema_migrations (
      name text primary key,
      applied_at timestamptz not null default now()
    );
  `);
  const applied = new Set(
    (await db.query<{ name: string }>('select name from orx.schema_migrations')).rows.map((row) => row.name),
  );
  const migrationsDir = path.join(schemaDir, 'migrations');
  const migrations = fs
    .readdirSync(migrationsDir)
    .filter((name) => name.endsWith('.sql'))
    .sort();
  for (const name of migrations) {
    if (applied.has(name)) continue;
    const sql = fs.readFileSync(path.join(migrationsDir, name), 'utf8');
    await runOnce(db, name, sql);
  }
  if (!applied.has(SEED_MARKER)) {
    const { rows } = await db.query<{ empty: boolean }>('select not exists (select 1 from public.watches) as empty');
    // Only a new, empty catalogue is seeded; a catalogue that the operator emptied stays empty.
    const seed = rows[0]?.empty ? fs.readFileSync(path.join(schemaDir, 'seed.sql'), 'utf8') : '';
    await runOnce(db, SEED_MARKER, seed);
  }
}

const SEED_MARKER = 'seed.sql';

async function runOnce(db: MigrationTarget, name: string, sql: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (sql !== '') await tx.exec(sql);
    await tx.query('insert into orx.schema_migrations (name) values ($1)', [name]);
  });
}
