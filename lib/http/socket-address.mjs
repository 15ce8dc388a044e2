/**
 * The one thing ORX's production server (server.mjs) adds to Next.js: every request reaches Next
 * carrying the address of the socket it came in on, under a header no client can set. Plain ESM,
 * as the server runs without a TypeScript loader; lib/http/client-address.ts reads the header.
 */

/** The header the socket's address travels in; whatever a client sent under this name is dropped. */
export const SOCKET_ADDRESS_HEADER = 'x-orx-socket-address';

/**
 * Set to '1' in the environment of a process the server runs: only then is the header believed,
 * since under `next start` or `next dev` nobody removes a forged one.
 */
export const SOCKET_ADDRESS_SERVER_FLAG = 'ORX_SOCKET_ADDRESS_HEADER';

/**
 * Replaces any client-sent SOCKET_ADDRESS_HEADER of the request with the socket's address, in
 * `headers`, `headersDistinct` and `rawHeaders` alike. Node builds the first two from the last on
 * first read, counting the entries it parsed, so they are built before the list changes. False,
 * and nothing stamped, when the socket has no address any more (closed): such a request is not
 * served.
 *
 * @param {import('node:http').IncomingMessage} request
 * @returns {boolean}
 */
export function stampSocketAddress(request) {
  const { headers, headersDistinct, rawHeaders } = request;
  for (let index = rawHeaders.length - 2; index >= 0; index -= 2) {
    if (rawHeaders[index].toLowerCase() === SOCKET_ADDRESS_HEADER) rawHeaders.splice(index, 2);
  }
  const address = request.socket.remoteAddress;
  if (address === undefined) {
    delete headers[SOCKET_ADDRESS_HEADER];
    delete headersDistinct[SOCKET_ADDRESS_HEADER];
    return false;
  }
  rawHeaders.push(SOCKET_ADDRESS_HEADER, address);
  headers[SOCKET_ADDRESS_HEADER] = address;
  headersDistinct[SOCKET_ADDRESS_HEADER] = [address];
  return true;
}
