// Creates a new embedded database folder (Postgres's initdb) and exits. Run by lib/db/embedded.ts
// in a child process: initdb peaks at ~800 MB, and a server that ran it itself kept a few hundred
// megabytes of that resident long after.
import { PGlite } from '@electric-sql/pglite';

const folder = process.argv[2];
if (!folder) throw new Error('usage: create-cluster.mjs <folder>');
const db = await PGlite.create(folder);
await db.close();
