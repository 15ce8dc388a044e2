import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe } from 'vitest';
import { migrate } from '@/lib/db/embedded';

/**
 * Databases on a real PostgreSQL server, for the test targets that have to contest row locks and
 * SKIP LOCKED for real: PGlite runs one query at a time. scripts/test.sh runs the suite next to a
 * server of its own (scripts/support/postgres-cluster.sh) and gives its address in
 * ORX_TEST_POSTGRES_URL; a developer can do the same by hand (README, docs/testing.md).
 *
 * Each open gets a database of its own, copied from a template that already has the migrations,
 * applied by the same code that applies them to the shop's embedded database.
 */

export const postgresUrl = process.env.ORX_TEST_POSTGRES_URL || undefined;

export type QueryResult<T> = { rows: T[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number };

/** The part of PGlite's interface the stand-in and the migrations use, over connections to a server. */
export type PostgresDatabase = {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  exec(sql: string): Promise<unknown>;
  transaction<T>(work: (tx: Omit<PostgresDatabase, 'transaction'>) => Promise<T>): Promise<T>;
};

export type OpenedDatabase = { db: PostgresDatabase; name: string; close: () => Promise<void> };

/**
 * Enough connections for every caller of the widest race test (60 at once) to hold one, so that
 * they all wait on the same row lock together instead of queueing for a connection.
 */
const POOL_SIZE = 64;

/**
 * The types node-postgres reads differently from PGlite, read as PGlite does: the stores' row
 * parsers were written against PGlite, and the stand-in has to answer the JSON PostgREST would.
 */
const PGLITE_READINGS: Record<number, (text: string) => unknown> = {
  // int8: a number while it is exact, else a bigint.
  20: (text) => {
    const value = BigInt(text);
    return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
  },
  // date, timestamp: as JavaScript reads the text, not in the machine's time zone.
  1082: (text) => new Date(text),
  1114: (text) => new Date(text),
  // interval: its text.
  1186: (text) => text,
};
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    PGLITE_READINGS[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

const SCHEMA_DIR = path.join(process.cwd(), 'supabase');

/** Named after the schema's files, so a changed migration gets a new template on a long-lived server. */
function templateName(): string {
  const hash = createHash('sha256');
  const files = [
    path.join(SCHEMA_DIR, 'bootstrap', 'roles.sql'),
    ...fs
      .readdirSync(path.join(SCHEMA_DIR, 'migrations'))
      .filter((name) => name.endsWith('.sql'))
      .sort()
      .map((name) => path.join(SCHEMA_DIR, 'migrations', name)),
    path.join(SCHEMA_DIR, 'seed.sql'),
  ];
  for (const file of files) hash.update(path.basename(file)).update('\0').update(fs.readFileSync(file)).update('\0');
  return `orx_template_${hash.digest('hex').slice(0, 16)}`;
}

function urlOf(database: string): string {
  if (!postgresUrl) throw new Error('ORX_TEST_POSTGRES_URL is not set: no PostgreSQL server to test against.');
  const url = new URL(postgresUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

const CONNECT_TIMEOUT_MS = 10_000;

async function withClient<T>(database: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: urlOf(database), types, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`The PostgreSQL server of ORX_TEST_POSTGRES_URL cannot be reached: ${(error as Error).message}`, { cause: error });
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const onConnection = (client: pg.ClientBase): Omit<PostgresDatabase, 'transaction'> => ({
  query: async <T>(sql: string, params?: unknown[]) => toResult<T>(await client.query(sql, params)),
  exec: (sql) => client.query(sql),
});

function toResult<T>(result: pg.QueryResult): QueryResult<T> {
  return { rows: result.rows as T[], fields: result.fields, affectedRows: result.rowCount ?? 0 };
}

/** One connection, for the migrations: their transactions need no pool. */
function onClient(client: pg.Client): PostgresDatabase {
  const connection = onConnection(client);
  return {
    ...connection,
    transaction: async (work) => {
      await client.query('begin');
      try {
        const result = await work(connection);
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback');
        throw error;
      }
    },
  };
}

/** Each query and each transaction on a connection of the pool: callers run in parallel for real. */
function onPool(pool: pg.Pool): PostgresDatabase {
  return {
    query: async <T>(sql: string, params?: unknown[]) => toResult<T>(await pool.query(sql, params)),
    exec: (sql) => pool.query(sql),
    transaction: async (work) => {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('begin');
        const result = await work(onConnection(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch((failure: Error) => {
          broken = failure;
        });
        throw error;
      } finally {
        // A connection whose rollback failed is in an unknown state: the pool drops it.
        client.release(broken);
      }
    },
  };
}

let template: Promise<string> | undefined;

/**
 * Made once per server and schema. Test files run in several processes at once, so the first
 * makes it under an advisory lock while the others wait, then find it made.
 */
function ensureTemplate(): Promise<string> {
  template ??= withClient('postgres', async (admin) => {
    const name = templateName();
    await admin.query("select pg_advisory_lock(hashtext('orx test template'))");
    const { rows } = await admin.query<{ ready: boolean }>('select datistemplate as ready from pg_database where datname = $1', [name]);
    if (rows[0]?.ready) return name;
    // Marked a template only once migrated: one left unmarked was cut short, and is made again.
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name} template template0 encoding 'UTF8'`);
    await withClient(name, (client) => migrate(onClient(client), SCHEMA_DIR));
    await admin.query(`alter database ${name} is_template true`);
    return name;
  });
  return template;
}

/** A new database with the migrations and the seed; `close` ends its connections and drops it. */
export async function openPostgresDatabase(): Promise<OpenedDatabase> {
  const source = await ensureTemplate();
  const name = `orx_test_${randomBytes(6).toString('hex')}`;
  await withClient('postgres', (admin) => admin.query(`create database ${name} template ${source}`));
  const pool = new pg.Pool({ connectionString: urlOf(name), types, max: POOL_SIZE, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // An idle connection that breaks is dropped by the pool; without a listener its error would
  // end the test process. The next query then fails with its own error.
  pool.on('error', () => {});
  return {
    db: onPool(pool),
    name,
    close: async () => {
      await pool.end();
      await withClient('postgres', (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/**
 * Declares `contract` for a target on the server: each open gets a fresh database, and every one
 * is dropped after the suite.
 */
export function describeOnPostgresServer<T>(
  name: string,
  make: (db: PostgresDatabase) => T,
  contract: (target: { name: string; open: () => Promise<T> }) => void,
) {
  // Skipped only when no server was started for the run, as with a bare `npx vitest run`:
  // scripts/test.sh always starts one and sets ORX_TEST_POSTGRES_URL, and then a server that
  // cannot be reached fails the suite.
  describe.skipIf(!postgresUrl)(name, () => {
    const opened: (() => Promise<void>)[] = [];
    // Registered before the contract's hooks, so it runs after them: vitest runs after-hooks last first.
    afterAll(async () => {
      for (const close of opened.splice(0)) await close();
    });
    contract({
      name,
      open: async () => {
        const { db, close } = await openPostgresDatabase();
        opened.push(close);
        return make(db);
      },
    });
  });
}
