import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { trustedClientAddress } from '@/lib/http/client-address';
import { FRONT_DOOR_FLAG, RENDER_NONCE_HEADER, SOCKET_ADDRESS_HEADER, stampRequest } from '@/lib/http/front-door-stamps';
import { limitedClient } from '@/lib/throttle/client-limit';
import { listenOnLoopback } from '../support/loopback';

/** What the handler behind the stamp saw of each request, as ORX's server hands it to Next. */
type Seen = { headers: IncomingMessage['headers']; rawHeaders: string[]; distinct: string[] | undefined };

let server: Server;
let port: number;
const seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    if (!stampRequest(request)) return response.destroy();
    seen.push({ headers: { ...request.headers }, rawHeaders: [...request.rawHeaders], distinct: request.headersDistinct[SOCKET_ADDRESS_HEADER] });
    response.end('ok');
  });
  port = Number(new URL(await listenOnLoopback(server)).port);
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends the request exactly as written, header names and repeats included, and waits for the answer. */
async function sendRaw(headerLines: string[]): Promise<Seen> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.end([`GET / HTTP/1.1`, `Host: 127.0.0.1:${port}`, 'Connection: close', ...headerLines, '', ''].join('\r\n'));
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
  await once(socket, 'close');
  expect(answer).toMatch(/^HTTP\/1\.1 200/);
  return seen.at(-1)!;
}

const headersOf = (request: Seen) => new Headers(Object.entries(request.headers).map(([name, value]): [string, string] => [name, String(value)]));

describe('the socket address ORX\'s server stamps on every request', () => {
  it('replaces a forged stamp, whatever its spelling or count, and ignores a forged X-Forwarded-For', async () => {
    const request = await sendRaw([
      'X-ORX-Socket-Address: 203.0.113.7',
      'x-orx-socket-address: 198.51.100.1',
      'X-Forwarded-For: 203.0.113.8',
    ]);
    expect(request.headers[SOCKET_ADDRESS_HEADER]).toBe('127.0.0.1');
    expect(request.distinct).toEqual(['127.0.0.1']);
    const stamps = request.rawHeaders.filter((_, index) => index % 2 === 0 && request.rawHeaders[index]!.toLowerCase() === SOCKET_ADDRESS_HEADER);
    expect(stamps).toHaveLength(1);
    expect(request.rawHeaders.join('\n')).not.toMatch(/203\.0\.113\.7|198\.51\.100\.1/);

    vi.stubEnv(FRONT_DOOR_FLAG, '1');
    vi.stubEnv('TRUSTED_PROXY_HOPS', '0');
    try {
      expect(trustedClientAddress(headersOf(request), 0)).toBe('127.0.0.1');
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('drops a render nonce a client sends, whatever its spelling or count: only the server renders with one', async () => {
    const request = await sendRaw(['X-ORX-Render-Nonce: AAAAAAAAAAAAAAAAAAAAAA==', 'x-orx-render-nonce: BBBBBBBBBBBBBBBBBBBBBB==']);
    expect(request.headers[RENDER_NONCE_HEADER]).toBeUndefined();
    expect(request.rawHeaders.join('\n')).not.toMatch(/AAAA|BBBB/);
  });

  it('stamps a request that sent none', async () => {
    expect((await sendRaw([])).headers[SOCKET_ADDRESS_HEADER]).toBe('127.0.0.1');
  });

  it('counts every rotating X-Forwarded-For from one socket address against that one address', async () => {
    vi.stubEnv(FRONT_DOOR_FLAG, '1');
    vi.stubEnv('TRUSTED_PROXY_HOPS', '0');
    try {
      const counted = new Set<string>();
      for (let each = 1; each <= 5; each++) {
        counted.add(limitedClient(headersOf(await sendRaw([`X-Forwarded-For: 198.51.100.${each}`, `X-ORX-Socket-Address: 198.51.100.${each}`]))));
      }
      expect([...counted]).toEqual(['127.0.0.1']);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
