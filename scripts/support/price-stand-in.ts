import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the SOL price service (SPEC §7), which these machines cannot reach. It
 * answers `GET /price?symbol=SOL/USD` with a fixed price, on 127.0.0.1 only.
 */
export async function startPriceStandIn(price: number): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method === 'GET' && url.pathname === '/price' && url.searchParams.get('symbol') === 'SOL/USD') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ price: price.toFixed(5) }));
      return;
    }
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ code: 404, message: 'not found', status: 'error' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
