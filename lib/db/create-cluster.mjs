// Creates a new embedded database folder (Postgres's initdb) and exits. Run by lib/db/embedded.ts
// in a child process: initdb's peak memory is far above the server's own, and a server that ran it
// itself kept much of that resident long after (the figures: docs/performance.md).
import { PGlite } from '@electric-sql/pglite';

const folder = process.argv[2];
if (!folder) throw new Error('usage: create-cluster.mjs <folder>');
const db = await PGlite.create(folder);
await db.close();
