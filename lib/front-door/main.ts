/**
 * ORX's server (`npm start`; `npm run dev` with `--dev`): Next.js on its documented custom-server
 * API, started like `next start` (`-H`/`--hostname`, `-p`/`--port` or PORT, `--keepAliveTimeout`),
 * with the storefront's document cache in front of it (server-handler.ts, front-door.ts;
 * docs/decisions.md says why a server). scripts/build-server.mjs builds it into dist/server.mjs.
 */
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { processTags } from '@/lib/cache-tags/process-tags';
import { FRONT_DOOR_FLAG, SERVER_ORIGIN_VAR } from '@/lib/http/front-door-stamps';
import { serverHandler } from './server-handler';
import { ownOrigin, wholeNumber } from './listen-options';
import { keepServingWithoutLogReader } from './log-streams';

const { values: options } = parseArgs({
  options: {
    hostname: { type: 'string', short: 'H' },
    port: { type: 'string', short: 'p' },
    keepAliveTimeout: { type: 'string' },
    dev: { type: 'boolean' },
  },
});

const dev = options.dev === true;
const hostname = options.hostname;
const port = wholeNumber('the port', options.port ?? process.env.PORT ?? '3000', 0);
const keepAliveTimeout = options.keepAliveTimeout === undefined ? undefined : wholeNumber('--keepAliveTimeout', options.keepAliveTimeout, 1);

keepServingWithoutLogReader();

// As `next start` and `next dev` do, set before Next loads.
const env: Record<string, string | undefined> = process.env;
env.NODE_ENV ||= dev ? 'development' : 'production';
// Route handlers and the proxy believe the stamps only in a process this server runs.
process.env[FRONT_DOOR_FLAG] = '1';

const { default: next } = await import('next');
const server = createServer();
const app = next({ dev, hostname, port, httpServer: server });
const handle = app.getRequestHandler();
await app.prepare();

let origin = ownOrigin(hostname, port);
const serve = serverHandler({ dev, handle, tags: processTags(), host: () => new URL(origin).host, root: process.cwd() });

server.on('request', (request, response) => {
  serve(request, response).catch((error: unknown) => {
    console.error(`Failed to answer ${request.url}`, error);
    if (!response.headersSent) response.statusCode = 500;
    response.end('Internal Server Error');
  });
});
if (keepAliveTimeout !== undefined) server.keepAliveTimeout = keepAliveTimeout;

server.once('error', (error) => {
  console.error('ORX server: could not start', error);
  process.exit(1);
});

server.listen(port, hostname, () => {
  const address = server.address();
  const boundPort = typeof address === 'object' && address !== null ? address.port : port;
  origin = ownOrigin(hostname, boundPort);
  // For Next's forwarding of server actions (as `next start` records it) and the settlement loop.
  process.env.PORT = String(boundPort);
  process.env[SERVER_ORIGIN_VAR] = origin;
  console.log(`ORX server ready on ${origin}`);
});

let stopping = false;
/** As `next start` stops: no new connections, the requests under way finish, then Next closes. */
function stop(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  server.close((error) => {
    if (error) console.error(error);
    app
      .close()
      .catch((closeError: unknown) => console.error(closeError))
      .finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  });
}
if (!process.env.NEXT_MANUAL_SIG_HANDLE) {
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
