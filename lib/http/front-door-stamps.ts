import type { IncomingMessage } from 'node:http';

/**
 * What ORX's server (lib/front-door/) adds to each request it hands to Next.js, under headers no
 * client can set: whatever a client sent under these names is dropped first.
 * - The address of the socket the request came in on, so that the per-address limits count an
 *   address the client cannot write when no proxy is in front (lib/http/client-address.ts).
 * - For the server's own rendering of a kept page only, the nonce to render it with, so that the
 *   server knows where every occurrence stands (lib/document-cache/render.ts; proxy.ts reads it).
 */

/** The header the socket's address travels in. */
export const SOCKET_ADDRESS_HEADER = 'x-orx-socket-address';

/** The header the nonce of the server's own rendering travels in. */
export const RENDER_NONCE_HEADER = 'x-orx-render-nonce';

/**
 * Set to '1' in the environment of a process the server runs: only then are the stamps believed,
 * since under `next start` or `next dev` nobody removes forged ones.
 */
export const FRONT_DOOR_FLAG = 'ORX_FRONT_DOOR';

/**
 * Stamps `request` in place: its socket's address, and the render nonce when one is given; a
 * client's own values under either name are removed. False, and nothing stamped, when the socket
 * has no address any more (closed): such a request is not served.
 */
export function stampRequest(request: IncomingMessage, renderNonce?: string): boolean {
  const address = request.socket.remoteAddress;
  setHeader(request, SOCKET_ADDRESS_HEADER, address);
  setHeader(request, RENDER_NONCE_HEADER, address === undefined ? undefined : renderNonce);
  return address !== undefined;
}

/**
 * Replaces every value of `name` with `value` (or none), in `headers`, `headersDistinct` and
 * `rawHeaders` alike. Node builds the first two from the last on first read, counting the entries
 * it parsed, so they are built before the list changes. (The in-memory requests of the server's
 * own renderings, light-my-request's, have no `headersDistinct`.)
 */
function setHeader(request: IncomingMessage, name: string, value: string | undefined) {
  const { headers, rawHeaders } = request;
  const headersDistinct: Partial<IncomingMessage['headersDistinct']> = request.headersDistinct ?? {};
  for (let index = rawHeaders.length - 2; index >= 0; index -= 2) {
    if (rawHeaders[index]!.toLowerCase() === name) rawHeaders.splice(index, 2);
  }
  if (value === undefined) {
    delete headers[name];
    delete headersDistinct[name];
    return;
  }
  rawHeaders.push(name, value);
  headers[name] = value;
  headersDistinct[name] = [value];
}

/** Whether this process runs under ORX's server, whose stamps may be believed. */
export function isRunByFrontDoor(env: NodeJS.ProcessEnv = process.env): boolean {
  return env[FRONT_DOOR_FLAG] === '1';
}

/**
 * Where the server listens, as its own processes reach it (`http://127.0.0.1:3000`): set by the
 * server once it listens, for the settlement loop's passes (lib/jobs/loop.ts).
 */
export const SERVER_ORIGIN_VAR = 'ORX_SERVER_ORIGIN';
