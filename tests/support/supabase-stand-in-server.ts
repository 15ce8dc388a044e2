import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { IN_MEMORY, openEmbeddedDatabase } from '@/lib/db/embedded';
import { createPostgrestStandIn } from './postgrest-stand-in';

/**
 * The Supabase stand-in (a real PGlite database with the project's migrations behind the
 * PostgREST-like API of postgrest-stand-in.ts) served over HTTP, so that several real server
 * processes can share one "Supabase" database. Run with
 * `npx tsx --conditions=react-server tests/support/supabase-stand-in-server.ts` (the database
 * module is server-only); it prints `listening <port>` once ready. STAND_IN_PORT, default 0 (any);
 * the keys from STAND_IN_ANON_KEY and STAND_IN_SERVICE_ROLE_KEY.
 */

const STAND_IN_KEYS = {
  anon: process.env.STAND_IN_ANON_KEY ?? 'stand-in-anon-key',
  serviceRole: process.env.STAND_IN_SERVICE_ROLE_KEY ?? 'stand-in-service-role-key',
};

async function serve() {
  const db = await openEmbeddedDatabase(IN_MEMORY);
  const standIn = createPostgrestStandIn(db, STAND_IN_KEYS);

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const url = new URL(request.url ?? '/', 'http://stand-in.local');
        const headers = new Headers();
        for (const [name, value] of Object.entries(request.headers)) if (value !== undefined) headers.set(name, String(value));
        const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
        const answer = await standIn.fetch(url.href, { method: request.method, headers, body });
        response.writeHead(answer.status, Object.fromEntries(answer.headers)).end(Buffer.from(await answer.arrayBuffer()));
      })().catch((error: unknown) => {
        response.writeHead(500).end(String(error));
      });
    });
  });

  server.listen(Number(process.env.STAND_IN_PORT ?? 0), '127.0.0.1', () => {
    console.log(`listening ${(server.address() as AddressInfo).port}`);
  });
}

void serve();
