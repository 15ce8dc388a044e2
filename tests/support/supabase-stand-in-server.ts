/**
 * The Supabase REST stand-in (postgrest-stand-in.ts) served over HTTP, for production servers
 * started in Supabase mode (e2e/instances.spec.ts, `npm run loadtest` with two instances). One
 * database, one port per server instance ("front"), so that each instance's calls can be counted
 * apart. An outage can be switched on: every REST request's connection is then cut, as when the
 * database cannot be reached; or a delay, before every REST request is answered, as when the
 * database is slow.
 *
 * Run as its own process (supabase-stand-in-process.ts starts it): it opens PGlite through the
 * shop's own lib/db/embedded.ts, which only server code may import.
 *
 * Control, on any front: POST /__stand-in/outage?on=1|0, POST /__stand-in/delay?ms=N,
 * GET /__stand-in/calls (the RPC calls each front answered, by function name).
 */
import http from 'node:http';
import { IN_MEMORY, openEmbeddedDatabase } from '@/lib/db/embedded';
import { createPostgrestStandIn } from './postgrest-stand-in';
import { STAND_IN_KEYS } from './supabase-stand-in-process';
import { listenOnLoopback } from './loopback';

async function main() {
  const fronts = Number(process.argv[2] ?? 1);
  const db = await openEmbeddedDatabase(IN_MEMORY);
  const standIn = createPostgrestStandIn(db, STAND_IN_KEYS);
  let outage = false;
  let delayMs = 0;
  const calls: Record<string, number>[] = Array.from({ length: fronts }, () => ({}));
  const servers: http.Server[] = [];

  const handle = (front: number) => async (request: http.IncomingMessage, response: http.ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (url.pathname === '/__stand-in/outage' && request.method === 'POST') {
      outage = url.searchParams.get('on') === '1';
      if (outage) for (const server of servers) server.closeIdleConnections();
      response.writeHead(204).end();
      return;
    }
    if (url.pathname === '/__stand-in/delay' && request.method === 'POST') {
      delayMs = Number(url.searchParams.get('ms')) || 0;
      response.writeHead(204).end();
      return;
    }
    if (url.pathname === '/__stand-in/calls') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(calls));
      return;
    }
    if (outage) {
      request.socket.destroy();
      return;
    }
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const rpc = /^\/rest\/v1\/rpc\/([a-z_]+)$/.exec(url.pathname)?.[1];
    if (rpc) calls[front]![rpc] = (calls[front]![rpc] ?? 0) + 1;
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers.set(name, value);
    const answer = await standIn.fetch(`http://stand-in${request.url}`, {
      method: request.method,
      headers,
      body: request.method === 'GET' || request.method === 'HEAD' ? undefined : body,
    });
    response.writeHead(answer.status, Object.fromEntries(answer.headers));
    response.end(Buffer.from(await answer.arrayBuffer()));
  };

  const urls: string[] = [];
  for (let front = 0; front < fronts; front++) {
    const server = http.createServer((request, response) => {
      handle(front)(request, response).catch((error: unknown) => {
        response.writeHead(500).end(String(error));
      });
    });
    urls.push(await listenOnLoopback(server));
    servers.push(server);
  }
  // The one line the starting process waits for.
  process.stdout.write(`${JSON.stringify({ urls })}\n`);
}

void main();
