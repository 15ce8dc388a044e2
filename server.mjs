/**
 * ORX's production server (`npm start`): Next.js on its documented custom-server API, started like
 * `next start` (`-H`/`--hostname`, `-p`/`--port` or PORT, `--keepAliveTimeout`), with one addition:
 * each request carries the address of the socket it came in on (lib/http/socket-address.mjs), so
 * that the per-address limits count an address the client cannot write when no proxy is in front
 * (docs/security.md, "Which client address is trusted"; docs/decisions.md says why a server).
 */
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { SOCKET_ADDRESS_SERVER_FLAG, stampSocketAddress } from './lib/http/socket-address.mjs';

const { values: options } = parseArgs({
  options: {
    hostname: { type: 'string', short: 'H' },
    port: { type: 'string', short: 'p' },
    keepAliveTimeout: { type: 'string' },
  },
});

/** A whole number from 0 (a port) or 1 up, or the server does not start. */
function wholeNumber(name, text, min) {
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < min) {
    console.error(`ORX server: ${name} must be a whole number from ${min}, not ${JSON.stringify(text)}`);
    process.exit(1);
  }
  return value;
}

const hostname = options.hostname;
const port = wholeNumber('the port', options.port ?? process.env.PORT ?? '3000', 0);
const keepAliveTimeout = options.keepAliveTimeout === undefined ? undefined : wholeNumber('--keepAliveTimeout', options.keepAliveTimeout, 1);

// As `next start` does: production unless the environment says otherwise, set before Next loads.
process.env.NODE_ENV ||= 'production';
// Route handlers believe the stamped address only in a process this server runs.
process.env[SOCKET_ADDRESS_SERVER_FLAG] = '1';

/** The origin `next start` records for the process (its own address as the shop reaches itself). */
function ownOrigin(boundPort) {
  const host = !hostname || hostname === '0.0.0.0' ? 'localhost' : hostname === '::' ? '[::1]' : hostname.includes(':') ? `[${hostname}]` : hostname;
  return `http://${host}:${boundPort}`;
}

const { default: next } = await import('next');
const app = next({ dev: false, hostname, port });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer(async (request, response) => {
  if (!stampSocketAddress(request)) {
    // The client is gone: there is no one to answer, and no address to count it against.
    response.destroy();
    return;
  }
  try {
    await handle(request, response);
  } catch (error) {
    // As `next start` answers a request its handler threw on.
    console.error(`Failed to handle request for ${request.url}`, error);
    if (!response.headersSent) response.statusCode = 500;
    response.end('Internal Server Error');
  }
});
if (keepAliveTimeout !== undefined) server.keepAliveTimeout = keepAliveTimeout;

server.once('error', (error) => {
  console.error('ORX server: could not start', error);
  process.exit(1);
});

server.listen(port, hostname, () => {
  const address = server.address();
  const boundPort = typeof address === 'object' && address !== null ? address.port : port;
  // Where `next start` records its port and origin: Next's forwarding of server actions, the
  // document cache (lib/document-cache/serve.ts) and the jobs loop (lib/jobs/loop.ts) read them.
  process.env.PORT = String(boundPort);
  process.env.__NEXT_PRIVATE_ORIGIN = ownOrigin(boundPort);
  console.log(`ORX server ready on ${process.env.__NEXT_PRIVATE_ORIGIN}`);
});

let stopping = false;
/** As `next start` stops: no new connections, the requests under way finish, then Next closes. */
function stop(signal) {
  if (stopping) return;
  stopping = true;
  server.close((error) => {
    if (error) console.error(error);
    app
      .close()
      .catch((closeError) => console.error(closeError))
      .finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  });
}
if (!process.env.NEXT_MANUAL_SIG_HANDLE) {
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
