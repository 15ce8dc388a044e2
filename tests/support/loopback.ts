import type { AddressInfo, Server } from 'node:net';

/**
 * The address of a server a test started, which listens on the loopback address only (tests never
 * open a port to the network).
 */
export function loopbackUrl(server: Server, scheme = 'http'): string {
  return `${scheme}://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Listens on 127.0.0.1 at `port` (0: one the system picks); resolves to the server's address. */
export async function listenOnLoopback(server: Server, port = 0): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject).listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return loopbackUrl(server);
}
